"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { yuanToFen } from "@/features/wallet";
import { useAdminAction } from "../../components/use-admin-action";

/** 调整余额: add or take 元 with a required reason (the ledger and the audit log keep it). */
export function WalletAdjustForm({ userId }: { userId: string }) {
  const run = useAdminAction();
  const [direction, setDirection] = useState<"add" | "take">("add");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const fen = yuanToFen(amount);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!fen) return;
    setBusy(true);
    try {
      await run(`users/${userId}/wallet/adjust`, { method: "POST", json: { amountFen: direction === "add" ? fen : -fen, reason } }, () => "余额已调整");
      setAmount("");
      setReason("");
    } catch {
      // The toast said why (e.g. 余额不足); the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-[8rem_10rem_1fr_auto] sm:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor="wallet-adjust-direction">方向</Label>
        <NativeSelect id="wallet-adjust-direction" value={direction} onChange={(event) => setDirection(event.target.value === "take" ? "take" : "add")}>
          <option value="add">增加</option>
          <option value="take">扣减</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="wallet-adjust-amount">金额（元）</Label>
        <Input id="wallet-adjust-amount" inputMode="decimal" required value={amount} onChange={(event) => setAmount(event.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="wallet-adjust-reason">原因（必填，用户可见）</Label>
        <Input id="wallet-adjust-reason" required minLength={2} maxLength={200} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      <Button type="submit" disabled={busy || !fen || reason.trim().length < 2}>
        调整余额
      </Button>
    </form>
  );
}
