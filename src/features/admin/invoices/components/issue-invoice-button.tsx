"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog";
import { useAdminAction } from "../../components/use-admin-action";
import { invoicesCopy as copy } from "../copy";

type Props = { requestId: string; title: string; amount: string; email: string };

/** 标记已开具 with an optional invoice number, confirmed first (the server re-checks and audits). */
export function IssueInvoiceButton({ requestId, title, amount, email }: Props) {
  const run = useAdminAction();
  const [invoiceNumber, setInvoiceNumber] = useState("");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Input
        aria-label={copy.invoiceNumberLabel}
        placeholder={copy.invoiceNumberLabel}
        value={invoiceNumber}
        maxLength={40}
        onChange={(event) => setInvoiceNumber(event.target.value.replace(/[^0-9A-Za-z-]/g, ""))}
        className="h-8 w-40"
      />
      <ConfirmActionDialog
        trigger={<Button size="sm">{copy.markIssued}</Button>}
        title={copy.issueTitle}
        description={copy.issueDescription(title, amount, email)}
        confirmLabel={copy.markIssued}
        onConfirm={async () => void (await run(`invoices/${requestId}/issue`, { method: "POST", json: invoiceNumber ? { invoiceNumber } : {} }, () => copy.issued))}
      />
    </div>
  );
}
