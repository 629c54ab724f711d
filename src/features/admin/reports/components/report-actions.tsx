"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog";
import { useAdminAction } from "../../components/use-admin-action";
import { reportsAdminCopy as copy } from "../copy";

type Props = { reportId: string; isShare: boolean; hasSubject: boolean; hasReporterEmail: boolean };

/** One open report's actions: hide the share, ban the reported user, reply and close (each confirmed, audited). */
export function ReportActions({ reportId, isShare, hasSubject, hasReporterEmail }: Props) {
  const run = useAdminAction();
  const [reply, setReply] = useState("");
  return (
    <div className="flex flex-wrap items-center gap-2">
      {isShare ? (
        <ConfirmActionDialog
          trigger={<Button size="sm" variant="outline">{copy.hideShare}</Button>}
          title={copy.hideShareTitle}
          description={copy.hideShareDescription}
          confirmLabel={copy.hideShare}
          onConfirm={async () => void (await run(`reports/${reportId}/hide-share`, { method: "POST", json: {} }, () => copy.hidden))}
        />
      ) : null}
      {hasSubject ? (
        <ConfirmActionDialog
          trigger={<Button size="sm" variant="outline">{copy.ban}</Button>}
          title={copy.banTitle}
          description={copy.banDescription}
          confirmLabel={copy.ban}
          onConfirm={async () => void (await run(`reports/${reportId}/ban`, { method: "POST", json: { length: "7d" } }, () => copy.banned))}
        />
      ) : null}
      <Input aria-label={copy.replyLabel} placeholder={copy.replyLabel} value={reply} maxLength={2000} onChange={(event) => setReply(event.target.value)} className="h-8 w-48" />
      <ConfirmActionDialog
        trigger={<Button size="sm">{copy.close}</Button>}
        title={copy.closeTitle}
        description={copy.closeDescription(hasReporterEmail && reply.trim().length > 0)}
        confirmLabel={copy.close}
        onConfirm={async () => void (await run(`reports/${reportId}/close`, { method: "POST", json: reply.trim() ? { reply: reply.trim() } : {} }, () => copy.closed))}
      />
    </div>
  );
}
