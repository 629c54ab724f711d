"use client";

import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { PublicAiApp } from "@/features/ai-apps";
import { ApiError, apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { apiKeysCopy } from "../copy";
import type { ApiKeySummary } from "../schemas";
import { CreateApiKeyDialog } from "./create-api-key-dialog";
import { EditApiKeyDialog } from "./edit-api-key-dialog";

const dateTime = new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
const formatTime = (iso: string) => dateTime.format(new Date(iso)).replace(/\//g, "-");

/** The user's API keys: create (the secret shown once), list with this month's tokens and lock-down, edit it, revoke. */
export function ApiKeysCard({ initialKeys, apps, requestsPerMinuteCeiling }: { initialKeys: ApiKeySummary[]; apps: PublicAiApp[]; requestsPerMinuteCeiling: number }) {
  const copy = apiKeysCopy;
  const [keys, setKeys] = useState(initialKeys);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const [editing, setEditing] = useState<ApiKeySummary | null>(null);
  const appName = (appid: string) => apps.find((app) => app.appid === appid)?.name ?? appid;

  async function revoke(key: ApiKeySummary) {
    try {
      await apiFetch(`/api/keys/${key.id}`, { method: "DELETE" });
      setKeys((current) => current.filter((item) => item.id !== key.id));
      toast({ title: copy.revoked });
    } catch (error) {
      toast({ variant: "destructive", title: copy.failed, description: error instanceof ApiError ? error.message : String(error) });
    }
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{copy.title}</CardTitle>
          <CardDescription>
            {copy.description}
            {copy.planCeiling(requestsPerMinuteCeiling)}。
          </CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          {copy.create}
        </Button>
      </CardHeader>
      <CardContent>
        {keys.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <KeyRound aria-hidden className="size-4" />
            {copy.empty}
          </p>
        ) : (
          <Table aria-label={copy.title}>
            <TableHeader>
              <TableRow>
                <TableHead>{copy.columns.name}</TableHead>
                <TableHead>{copy.columns.key}</TableHead>
                <TableHead>{copy.columns.apps}</TableHead>
                <TableHead className="text-right">{copy.columns.monthTokens}</TableHead>
                <TableHead>{copy.columns.lockdown}</TableHead>
                <TableHead>{copy.columns.lastUsed}</TableHead>
                <TableHead>{copy.columns.expires}</TableHead>
                <TableHead className="text-right">{copy.columns.actions}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keys.map((key) => (
                <TableRow key={key.id}>
                  <TableCell className="font-medium">{key.name}</TableCell>
                  <TableCell>
                    <code translate="no">{key.prefix}</code>
                  </TableCell>
                  <TableCell className="text-muted-foreground">{key.allowedApps ? key.allowedApps.map(appName).join("、") : copy.allApps}</TableCell>
                  <TableCell className="text-right">
                    {key.monthTokens.toLocaleString("zh-CN")}
                    {key.monthlyTokenCap !== null && <span className="text-muted-foreground"> / {key.monthlyTokenCap.toLocaleString("zh-CN")}</span>}
                  </TableCell>
                  <TableCell className="text-muted-foreground">
                    <span title={key.allowedIps?.join("\n")}>{key.allowedIps ? copy.ipCount(key.allowedIps.length) : copy.anyIp}</span>
                    <br />
                    {copy.perMinute(Math.min(key.requestsPerMinute ?? requestsPerMinuteCeiling, requestsPerMinuteCeiling))}
                  </TableCell>
                  <TableCell className="text-muted-foreground">{key.lastUsedAt ? formatTime(key.lastUsedAt) : copy.never}</TableCell>
                  <TableCell className="text-muted-foreground">{key.expiresAt ? formatTime(key.expiresAt) : copy.noExpiry}</TableCell>
                  <TableCell className="text-right">
                    <Button variant="ghost" size="sm" onClick={() => setEditing(key)} aria-label={`${copy.editButton}「${key.name}」`}>
                      {copy.editButton}
                    </Button>
                    <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setRevoking(key)} aria-label={`${copy.revoke}「${key.name}」`}>
                      {copy.revoke}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} apps={apps} ceiling={requestsPerMinuteCeiling} onCreated={(key) => setKeys((current) => [key, ...current])} />
      {editing && (
        <EditApiKeyDialog
          key={editing.id}
          apiKey={editing}
          ceiling={requestsPerMinuteCeiling}
          onClose={() => setEditing(null)}
          onSaved={(saved) => setKeys((current) => current.map((item) => (item.id === saved.id ? saved : item)))}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={revoking ? copy.revokeTitle(revoking.name) : ""}
        description={copy.revokeDescription}
        cancelLabel={copy.keep}
        confirmLabel={copy.revoke}
        onConfirm={() => {
          if (revoking) void revoke(revoking);
          setRevoking(null);
        }}
      />
    </Card>
  );
}
