"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { announcementsCopy } from "@/features/announcements";
import { useAdminAction } from "../../components/use-admin-action";

const copy = announcementsCopy.admin;

/** `<input type="datetime-local">` is the operator's wall clock (China time for this audience): sent with its offset. */
const withOffset = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** 发布公告: text, optional link, start / end, audience (everyone or one plan). */
export function AnnouncementForm({ plans }: { plans: readonly { id: string; name: string }[] }) {
  const run = useAdminAction();
  const [values, setValues] = useState({ text: "", link: "", startsAt: "", endsAt: "", audience: "" });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const body = {
      text: values.text,
      ...(values.link.trim() ? { link: values.link.trim() } : {}),
      ...(values.startsAt ? { startsAt: withOffset(values.startsAt) } : {}),
      ...(values.endsAt ? { endsAt: withOffset(values.endsAt) } : {}),
      ...(values.audience ? { audiencePlanId: values.audience } : {}),
    };
    try {
      await run("announcements", { method: "POST", json: body }, () => copy.published);
      setValues({ text: "", link: "", startsAt: "", endsAt: "", audience: "" });
    } catch {
      // The toast said why; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="announcement-text">{copy.text}</Label>
        <Textarea id="announcement-text" required maxLength={300} value={values.text} onChange={(event) => set({ text: event.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="announcement-link">{copy.link}</Label>
        <Input id="announcement-link" value={values.link} onChange={(event) => set({ link: event.target.value })} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor="announcement-starts">{copy.startsAt}</Label>
          <Input id="announcement-starts" type="datetime-local" value={values.startsAt} onChange={(event) => set({ startsAt: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="announcement-ends">{copy.endsAt}</Label>
          <Input id="announcement-ends" type="datetime-local" value={values.endsAt} onChange={(event) => set({ endsAt: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="announcement-audience">{copy.audience}</Label>
          <NativeSelect id="announcement-audience" value={values.audience} onChange={(event) => set({ audience: event.target.value })}>
            <option value="">{copy.everyone}</option>
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {copy.planAudience(plan.name)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div>
        <Button type="submit" disabled={busy || !values.text.trim()}>
          {copy.publish}
        </Button>
      </div>
    </form>
  );
}
