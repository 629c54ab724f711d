"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { INVITE_TRIGGER_LABELS, INVITE_TRIGGERS, type InviteSettings, type InviteTrigger } from "@/features/invitations";
import { fenToYuanInput, yuanToFen } from "@/features/wallet";
import { useAdminAction } from "../../components/use-admin-action";

/** 邀请奖励: both rewards in 元 (0 = off), when they are paid, and the anti-abuse caps. */
export function InviteSettingsForm({ settings }: { settings: InviteSettings }) {
  const run = useAdminAction();
  const [values, setValues] = useState({
    inviter: fenToYuanInput(settings.inviterRewardFen),
    invitee: fenToYuanInput(settings.inviteeRewardFen),
    trigger: settings.trigger,
    inviterDailyCap: String(settings.inviterDailyCap),
    addressDailyCap: String(settings.addressDailyCap),
    deviceDailyCap: String(settings.deviceDailyCap),
  });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));
  const [inviterFen, inviteeFen] = [yuanToFen(values.inviter), yuanToFen(values.invitee)];
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body = { inviterRewardFen: inviterFen ?? -1, inviteeRewardFen: inviteeFen ?? -1, trigger: values.trigger, inviterDailyCap: Number(values.inviterDailyCap), addressDailyCap: Number(values.addressDailyCap), deviceDailyCap: Number(values.deviceDailyCap) };
      await run("invitations/settings", { method: "POST", json: body }, () => "邀请设置已保存");
    } catch {
      // The toast said why; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor="invite-inviter">邀请人奖励（元，0 为不发放）</Label>
          <Input id="invite-inviter" inputMode="decimal" required value={values.inviter} onChange={(event) => set({ inviter: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invite-invitee">被邀请人奖励（元，0 为不发放）</Label>
          <Input id="invite-invitee" inputMode="decimal" required value={values.invitee} onChange={(event) => set({ invitee: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invite-trigger">发放时机</Label>
          <NativeSelect id="invite-trigger" value={values.trigger} onChange={(event) => set({ trigger: event.target.value as InviteTrigger })}>
            {INVITE_TRIGGERS.map((trigger) => (
              <option key={trigger} value={trigger}>
                {INVITE_TRIGGER_LABELS[trigger]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invite-inviter-cap">每位邀请人每 24 小时最多获奖次数</Label>
          <Input id="invite-inviter-cap" type="number" min={1} max={10000} required value={values.inviterDailyCap} onChange={(event) => set({ inviterDailyCap: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invite-address-cap">同一网络地址每 24 小时最多获奖次数</Label>
          <Input id="invite-address-cap" type="number" min={1} max={10000} required value={values.addressDailyCap} onChange={(event) => set({ addressDailyCap: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invite-device-cap">同一设备（浏览器）每 24 小时最多获奖次数</Label>
          <Input id="invite-device-cap" type="number" min={1} max={10000} required value={values.deviceDailyCap} onChange={(event) => set({ deviceDailyCap: event.target.value })} />
        </div>
      </div>
      <div>
        <Button type="submit" disabled={busy || inviterFen === null || inviteeFen === null}>
          保存设置
        </Button>
      </div>
    </form>
  );
}
