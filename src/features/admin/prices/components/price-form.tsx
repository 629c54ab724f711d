"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { AppPriceRule } from "@/features/metering";
import { useAdminAction } from "../../components/use-admin-action";

type PricedApp = { appid: string; name: string; custom: AppPriceRule | null };

/** 元 with up to `digits` decimals → an integer of 1/10^digits 元, exactly; null when not such a number. */
function scaled(text: string, digits: number): number | null {
  const match = new RegExp(`^\\s*(\\d{1,9})(?:\\.(\\d{1,${digits}}))?\\s*$`).exec(text);
  return match ? Number(match[1]) * 10 ** digits + Number((match[2] ?? "").padEnd(digits, "0")) : null;
}
const shown = (value: number | null, digits: number) => (value === null ? "" : String(value / 10 ** digits));

function formOf(rule: AppPriceRule | null) {
  return {
    mode: rule?.mode ?? "tokens",
    multiplier: shown(rule?.multiplierPermille ?? 1000, 3),
    input: shown(rule?.inputFenPerMillion ?? null, 2),
    output: shown(rule?.outputFenPerMillion ?? null, 2),
    perCall: shown(rule?.callFen ?? null, 2),
  };
}

/** 设置价格: one app's 倍率, or its own input / output prices (元 per million tokens), or a price per call. */
export function PriceForm({ apps, basePrice }: { apps: readonly PricedApp[]; basePrice: string }) {
  const run = useAdminAction();
  const [appid, setAppid] = useState(apps[0]?.appid ?? "");
  const app = apps.find((candidate) => candidate.appid === appid);
  const [values, setValues] = useState(() => formOf(apps[0]?.custom ?? null));
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));
  const choose = (next: string) => {
    setAppid(next);
    setValues(formOf(apps.find((candidate) => candidate.appid === next)?.custom ?? null));
  };
  const optional = (text: string) => (text.trim() ? scaled(text, 2) : null);
  const body = {
    mode: values.mode,
    multiplierPermille: scaled(values.multiplier, 3),
    inputFenPerMillion: optional(values.input),
    outputFenPerMillion: optional(values.output),
    callFen: optional(values.perCall),
  };
  const invalid =
    body.multiplierPermille === null ||
    body.multiplierPermille <= 0 ||
    (values.input.trim() !== "" && body.inputFenPerMillion === null) ||
    (values.output.trim() !== "" && body.outputFenPerMillion === null) ||
    (values.mode === "call" && body.callFen === null);

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // The toast said why; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };
  const save = () => act(() => run(`prices/${appid}`, { method: "POST", json: body }, () => "价格已保存"));
  const reset = () => act(() => run(`prices/${appid}`, { method: "DELETE" }, () => "已恢复为基础价格"));

  if (apps.length === 0) return <p className="text-sm text-muted-foreground">还没有启用的 AI 应用</p>;
  return (
    <form onSubmit={(event) => (event.preventDefault(), void save())} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="price-app">应用</Label>
          <NativeSelect id="price-app" value={appid} onChange={(event) => choose(event.target.value)}>
            {apps.map((candidate) => (
              <option key={candidate.appid} value={candidate.appid}>
                {candidate.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="price-mode">计费方式</Label>
          <NativeSelect id="price-mode" value={values.mode} onChange={(event) => set({ mode: event.target.value === "call" ? "call" : "tokens" })}>
            <option value="tokens">按 Token 计费</option>
            <option value="call">按次计费</option>
          </NativeSelect>
        </div>
      </div>
      {values.mode === "tokens" ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor="price-multiplier">倍率</Label>
            <Input id="price-multiplier" inputMode="decimal" value={values.multiplier} onChange={(event) => set({ multiplier: event.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="price-input">输入价格（元 / 百万 tokens，可留空）</Label>
            <Input id="price-input" inputMode="decimal" placeholder={basePrice} value={values.input} onChange={(event) => set({ input: event.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="price-output">输出价格（元 / 百万 tokens，可留空）</Label>
            <Input id="price-output" inputMode="decimal" placeholder={basePrice} value={values.output} onChange={(event) => set({ output: event.target.value })} />
          </div>
        </div>
      ) : (
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor="price-call">每次价格（元）</Label>
          <Input id="price-call" inputMode="decimal" value={values.perCall} onChange={(event) => set({ perCall: event.target.value })} />
        </div>
      )}
      <p className="text-sm text-muted-foreground">留空的价格使用基础价格（每百万 tokens {basePrice} 元），再乘以倍率。按量付费的用户在套餐额度用完后按此价格从余额扣费。</p>
      {invalid ? <p className="text-sm text-destructive">请填写有效的价格：倍率大于 0（最多三位小数），金额最多两位小数</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || invalid}>
          保存价格
        </Button>
        <Button type="button" variant="outline" disabled={busy || !app?.custom} onClick={() => void reset()}>
          恢复基础价格
        </Button>
      </div>
    </form>
  );
}
