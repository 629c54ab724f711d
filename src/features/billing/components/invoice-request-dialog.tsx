"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { ApiError, apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { formatAmountFen } from "../format";
import { invoiceCopy as copy } from "../invoice-copy";
import { invoiceRequestBodySchema, type OrderInvoiceView } from "../invoice-schema";

/** 申请发票 for one paid order: title type, 抬头, 税号 (required for a company), e-mail; checked here and on the server. */
export function InvoiceRequestDialog({ order }: { order: OrderInvoiceView }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [titleType, setTitleType] = useState<"personal" | "company">("personal");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = invoiceRequestBodySchema.safeParse({
      orderId: order.orderId,
      titleType,
      title: form.get("title"),
      taxNumber: form.get("taxNumber"),
      email: form.get("email"),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    setPending(true);
    try {
      await apiFetch("/api/billing/invoices", { method: "POST", json: parsed.data });
      toast({ title: copy.submitted, variant: "success" });
      setOpen(false);
      router.refresh();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          {copy.request}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.dialogTitle}</DialogTitle>
          <DialogDescription>{copy.dialogDescription(order.orderNumber, formatAmountFen(order.amount, order.currency))}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="invoice-title-type">{copy.titleType}</Label>
            <NativeSelect id="invoice-title-type" value={titleType} onChange={(event) => setTitleType(event.target.value as "personal" | "company")}>
              <option value="personal">{copy.titleTypes.personal}</option>
              <option value="company">{copy.titleTypes.company}</option>
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="invoice-title">{copy.titleLabel}</Label>
            <Input id="invoice-title" name="title" maxLength={100} placeholder={copy.titlePlaceholder[titleType]} required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="invoice-tax-number">{copy.taxNumber}</Label>
            <Input id="invoice-tax-number" name="taxNumber" maxLength={20} autoCapitalize="characters" placeholder={copy.taxNumberHint[titleType]} required={titleType === "company"} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="invoice-email">{copy.email}</Label>
            <Input id="invoice-email" name="email" type="email" maxLength={320} required />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {copy.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {copy.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
