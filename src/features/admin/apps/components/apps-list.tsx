"use client";

import { ArrowDown, ArrowUp } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { AppIcon } from "@/features/ai-apps";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog";
import { useAdminAction } from "../../components/use-admin-action";
import { appsCopy as copy } from "../copy";
import type { AdminAppView } from "../types";
import { AppFormDialog } from "./app-form-dialog";
import { ConnectionTestResultLine } from "./connection-test-result";
import { useConnectionTest } from "./use-connection-test";

/** Every app in the user-facing order (enabled and disabled), each with its actions. */
export function AppsList({ apps }: { apps: AdminAppView[] }) {
  const run = useAdminAction();
  if (apps.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{copy.empty}</p>;
  const move = (index: number, by: -1 | 1) => {
    const order = apps.map((app) => app.appid);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    void run("apps/order", { method: "POST", json: { appids: order } }, () => copy.reordered).catch(() => undefined);
  };
  return (
    <ol className="grid gap-3" aria-label={copy.title}>
      {apps.map((app, index) => (
        <AppItem key={app.appid} app={app} first={index === 0} last={index === apps.length - 1} onMove={(by) => move(index, by)} />
      ))}
    </ol>
  );
}

function AppItem({ app, first, last, onMove }: { app: AdminAppView; first: boolean; last: boolean; onMove: (by: -1 | 1) => void }) {
  const run = useAdminAction();
  const connection = useConnectionTest();
  const toggle = () => run(`apps/${app.appid}/enabled`, { method: "POST", json: { enabled: !app.enabled } }, () => (app.enabled ? copy.disabledDone : copy.enabledDone)).then(() => undefined);
  return (
    <li data-appid={app.appid} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="flex flex-col gap-1">
          <Button type="button" variant="ghost" size="icon" className="size-7" disabled={first} aria-label={copy.moveUp(app.name)} onClick={() => onMove(-1)}>
            <ArrowUp className="size-4" />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-7" disabled={last} aria-label={copy.moveDown(app.name)} onClick={() => onMove(1)}>
            <ArrowDown className="size-4" />
          </Button>
        </div>
        <AppIcon icon={app.icon} kind={app.kind} className="size-10 shrink-0" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words">{app.name}</span>
            <span className="text-muted-foreground text-xs" translate="no">
              {app.appid}
            </span>
            <Badge variant={app.enabled ? "secondary" : "outline"}>{app.enabled ? copy.enabled : copy.disabled}</Badge>
            <Badge variant="outline">
              {copy.types[app.type]}
              {app.type === "dify" ? ` · ${copy.kindsShort[app.kind]}` : ""}
            </Badge>
            {app.managedBy === "config" ? (
              <Badge variant="outline" title={copy.fromConfigHint}>
                {copy.fromConfig}
              </Badge>
            ) : null}
          </div>
          {app.description ? <p className="text-muted-foreground text-sm break-words">{app.description}</p> : null}
          <p className="text-muted-foreground text-xs break-all">
            {/* The embedded demo services' internal addresses (embedded:dify…) read 内置演示; the value on hover. */}
            {app.baseUrl.startsWith("embedded:") ? (
              <span title={app.baseUrl} className="cursor-help" translate="no">
                {copy.embeddedUpstream}
              </span>
            ) : (
              <span translate="no">{app.baseUrl}</span>
            )}
            {/* The key's last characters: data, not copy. */}
            {app.keyHint ? (
              <span className="ml-2" translate="no">
                {app.keyHint}
              </span>
            ) : null}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <AppFormDialog app={app} trigger={<Button variant="outline" size="sm">{copy.edit}</Button>} />
        <Button variant="outline" size="sm" disabled={connection.pending} onClick={() => void connection.test({ appid: app.appid })}>
          {connection.pending ? copy.testing : copy.test}
        </Button>
        <ConfirmActionDialog
          destructive={app.enabled}
          trigger={<Button variant="outline" size="sm">{app.enabled ? copy.disable : copy.enable}</Button>}
          title={app.enabled ? copy.disableTitle : copy.enableTitle}
          description={app.enabled ? copy.disableDescription(app.name) : copy.enableDescription(app.name)}
          confirmLabel={app.enabled ? copy.disable : copy.enable}
          onConfirm={toggle}
        />
      </div>
      {connection.result ? <ConnectionTestResultLine result={connection.result} /> : null}
    </li>
  );
}
