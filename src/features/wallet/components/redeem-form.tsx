"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";

/** 兑换码: one code in, what it gave in a toast (the balance or the month's tokens grow). */
export function RedeemForm() {
  const router = useRouter();
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  async function redeem(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const result = await apiFetch<{ value: string }>("/api/billing/redeem", { method: "post", json: { code } });
      toast({ variant: "success", title: `兑换成功：${result.value}` });
      setCode("");
      router.refresh();
    } catch (error) {
      toast({ variant: "destructive", title: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  }
  return (
    <form onSubmit={(event) => void redeem(event)} className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor="redeem-code">兑换码</Label>
        <Input id="redeem-code" className="w-64 font-mono" translate="no" placeholder="XXXX-XXXX-XXXX-XXXX" autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} />
      </div>
      <Button type="submit" variant="outline" disabled={pending || !code.trim()}>
        {pending ? "正在兑换…" : "兑换"}
      </Button>
    </form>
  );
}
