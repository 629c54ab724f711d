"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/lib/toast";
import { useAdminAction } from "../../components/use-admin-action";
import { APP_ICON_CHOICES } from "../app-input";
import { appsCopy as copy } from "../copy";
import { emptyAppForm, formFromFields, toAppFields, type AppFormState } from "../form-state";
import type { AdminAppView } from "../types";
import { AppKnowledgeField, useAppKnowledge } from "./app-knowledge-field";
import { ConnectionTestResultLine } from "./connection-test-result";
import { ModelAppFields } from "./model-app-fields";
import { useConnectionTest } from "./use-connection-test";

type Props = { trigger: ReactNode; app?: AdminAppView };

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-muted-foreground text-xs">{hint}</p> : null}
    </div>
  );
}

/** 添加 / 编辑 an app: Dify (URL + key) or model (provider, models, settings); 连接测试 before saving. */
export function AppFormDialog({ trigger, app }: Props) {
  const run = useAdminAction();
  const connection = useConnectionTest();
  const knowledge = useAppKnowledge();
  const initial = () => (app ? formFromFields(app.appid, app.fields) : emptyAppForm);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [form, setForm] = useState<AppFormState>(initial);
  const set = <K extends keyof AppFormState>(key: K, value: AppFormState[K]) => setForm((current) => ({ ...current, [key]: value }));
  const editing = Boolean(app);

  const fields = () => {
    const built = toAppFields(form);
    if ("badLine" in built) {
      toast({ title: copy.form.modelsInvalid(built.badLine), variant: "destructive" });
      return undefined;
    }
    return built;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const built = fields();
    if (!built) return;
    setPending(true);
    try {
      if (app) await run(`apps/${app.appid}`, { method: "POST", json: built }, () => copy.saved);
      else await run("apps", { method: "POST", json: { appid: form.appid.trim(), app: built } }, () => copy.created);
      const baseIds = form.type === "model" ? knowledge.changedChoice() : null;
      if (baseIds) await run(`knowledge/apps/${app?.appid ?? form.appid.trim()}`, { method: "PUT", json: { baseIds } }, () => copy.knowledgeSaved);
      setOpen(false);
    } catch {
      // Toasted by useAdminAction; keep what was typed for another try.
    } finally {
      setPending(false);
    }
  };
  const testForm = () => {
    const built = fields();
    if (built) void connection.test({ ...(app ? { appid: app.appid } : {}), app: built });
  };
  const onOpenChange = (next: boolean) => {
    if (pending) return;
    if (next) {
      setForm(initial());
      connection.reset();
      // A new app has no bases yet; a Dify app shows no 知识库 field.
      if (!app || app.type === "model") void knowledge.load(app?.appid);
    }
    setOpen(next);
  };
  const dify = form.type === "dify";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{app ? copy.editTitle(app.name) : copy.addTitle}</DialogTitle>
            <DialogDescription>{copy.description}</DialogDescription>
          </DialogHeader>
          {editing ? null : (
            <>
              <Field id="app-type" label={copy.form.type}>
                <NativeSelect id="app-type" value={form.type} onChange={(event) => setForm({ ...form, type: event.target.value as AppFormState["type"], icon: event.target.value === "model" ? "bot" : form.icon })}>
                  <option value="dify">{copy.form.typeDify}</option>
                  <option value="model">{copy.form.typeModel}</option>
                </NativeSelect>
              </Field>
              <Field id="app-appid" label={copy.form.appid}>
                <Input id="app-appid" required maxLength={64} pattern="[A-Za-z0-9_\-]{1,64}" placeholder={copy.form.appidPlaceholder} value={form.appid} onChange={(event) => set("appid", event.target.value)} />
              </Field>
            </>
          )}
          {dify ? (
            <Field id="app-kind" label={copy.form.kind}>
              <NativeSelect id="app-kind" value={form.kind} onChange={(event) => set("kind", event.target.value as AppFormState["kind"])}>
                {(["chat", "workflow", "completion"] as const).map((kind) => (
                  <option key={kind} value={kind}>
                    {copy.kinds[kind]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : null}
          <Field id="app-name" label={copy.form.name}>
            <Input id="app-name" required maxLength={40} value={form.name} onChange={(event) => set("name", event.target.value)} />
          </Field>
          <Field id="app-description" label={copy.form.description}>
            <Input id="app-description" maxLength={300} value={form.description} onChange={(event) => set("description", event.target.value)} />
          </Field>
          <Field id="app-genai-filing" label={copy.form.genaiFiling} hint={copy.form.genaiFilingHint}>
            <Input id="app-genai-filing" maxLength={300} value={form.genaiFiling} onChange={(event) => set("genaiFiling", event.target.value)} />
          </Field>
          <Field id="app-icon" label={copy.form.icon} hint={copy.form.iconHint}>
            <Input id="app-icon" required list="app-icon-choices" maxLength={500} value={form.icon} onChange={(event) => set("icon", event.target.value)} />
            <datalist id="app-icon-choices">
              {APP_ICON_CHOICES.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </Field>
          <Field id="app-base-url" label={dify ? copy.form.difyBaseUrl : copy.form.providerBaseUrl} hint={dify ? copy.form.difyBaseUrlHint : copy.form.providerBaseUrlHint}>
            <Input id="app-base-url" required maxLength={500} placeholder={dify ? copy.form.difyBaseUrlPlaceholder : copy.form.providerBaseUrlPlaceholder} value={form.baseUrl} onChange={(event) => set("baseUrl", event.target.value)} />
          </Field>
          <Field id="app-key" label={dify ? copy.form.apiKey : copy.form.providerKey} hint={app?.keyHint ? copy.form.keepKey(app.keyHint) : undefined}>
            <Input id="app-key" type="password" autoComplete="off" required={dify && !editing} maxLength={500} placeholder={dify ? copy.form.apiKeyPlaceholder : copy.form.providerKeyPlaceholder} value={form.apiKey} onChange={(event) => set("apiKey", event.target.value)} />
          </Field>
          {dify ? null : <ModelAppFields form={form} set={set} fallbackKeyHint={app?.fallbackKeyHint ?? ""} />}
          {dify ? null : <AppKnowledgeField state={knowledge.state} toggle={knowledge.toggle} />}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={form.enabled} onChange={(event) => set("enabled", event.target.checked)} className="size-4" />
            {copy.form.enabled}
          </label>
          {connection.result ? <ConnectionTestResultLine result={connection.result} /> : null}
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={testForm} disabled={pending || connection.pending}>
              {connection.pending ? copy.testing : copy.test}
            </Button>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {copy.form.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {app ? copy.form.save : copy.form.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
