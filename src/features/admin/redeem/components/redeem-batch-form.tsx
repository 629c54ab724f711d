"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useAdminAction } from "../../components/use-admin-action";

const EMPTY = { kind: "balance", value: "", planId: "", count: "10", maxUses: "1", perUserLimit: "1", expiresAt: "", note: "" };

const VALUE_LABELS: Record<string, string> = { balance: "面值（元）", tokens: "面值（tokens）", plan: "天数" };

/** 元 with up to two decimals → 分, exactly; null when not an amount. */
function fenOf(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
}

/** 生成兑换码: value (元 of balance, tokens, or a paid plan for N days), how many, uses per code and per user, expiry, note. */
export function RedeemBatchForm({ plans }: { plans: { id: string; name: string }[] }) {
  const run = useAdminAction();
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));
  const value = values.kind === "balance" ? fenOf(values.value) : /^\d{1,9}$/.test(values.value.trim()) ? Number(values.value) : null;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body = {
        kind: values.kind,
        value: value ?? 0,
        ...(values.kind === "plan" ? { planId: values.planId || plans[0]?.id } : {}),
        count: Number(values.count),
        maxUses: Number(values.maxUses),
        perUserLimit: Number(values.perUserLimit),
        note: values.note,
        ...(values.expiresAt ? { expiresAt: new Date(values.expiresAt).toISOString() } : {}),
      };
      await run("redeem-batches", { method: "POST", json: body }, () => "兑换码已生成，可在下方导出 CSV");
      setValues(EMPTY);
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
          <Label htmlFor="redeem-kind">面值类型</Label>
          <NativeSelect id="redeem-kind" value={values.kind} onChange={(event) => set({ kind: event.target.value })}>
            <option value="balance">余额（元）</option>
            <option value="tokens">Token（计入当月额度）</option>
            {plans.length > 0 ? <option value="plan">套餐（若干天）</option> : null}
          </NativeSelect>
        </div>
        {values.kind === "plan" ? (
          <div className="grid gap-1.5">
            <Label htmlFor="redeem-plan">套餐</Label>
            <NativeSelect id="redeem-plan" value={values.planId || plans[0]?.id} onChange={(event) => set({ planId: event.target.value })}>
              {plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor="redeem-value">{VALUE_LABELS[values.kind]}</Label>
          <Input id="redeem-value" inputMode="decimal" required value={values.value} onChange={(event) => set({ value: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="redeem-count">数量</Label>
          <Input id="redeem-count" type="number" min={1} max={10000} required value={values.count} onChange={(event) => set({ count: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="redeem-max-uses">每个码可使用次数（1 为一次性）</Label>
          <Input id="redeem-max-uses" type="number" min={1} required value={values.maxUses} onChange={(event) => set({ maxUses: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="redeem-per-user">每人限兑次数</Label>
          <Input id="redeem-per-user" type="number" min={1} required value={values.perUserLimit} onChange={(event) => set({ perUserLimit: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="redeem-expires">过期时间（可留空）</Label>
          <Input id="redeem-expires" type="datetime-local" value={values.expiresAt} onChange={(event) => set({ expiresAt: event.target.value })} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="redeem-note">备注（如渠道、活动名称）</Label>
        <Input id="redeem-note" maxLength={200} value={values.note} onChange={(event) => set({ note: event.target.value })} />
      </div>
      <div>
        <Button type="submit" disabled={busy || value === null || value <= 0}>
          生成兑换码
        </Button>
      </div>
    </form>
  );
}

/** 停用 one batch (its codes no longer redeem). */
export function DisableRedeemBatchButton({ batchId }: { batchId: string }) {
  const run = useAdminAction();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void run(`redeem-batches/${batchId}/disable`, { method: "POST" }, () => "批次已停用")
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      停用
    </Button>
  );
}
