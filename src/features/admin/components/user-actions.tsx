"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { adminCopy } from "../copy";
import { BAN_DURATIONS, type AdminUserStatus, type BanLength } from "../types";
import { ConfirmActionDialog } from "./confirm-action-dialog";
import { DeleteUserDialog } from "./delete-user-dialog";
import { useAdminAction } from "./use-admin-action";

type UserActionsProps = { userId: string; who: string; email: string | null; phone: string | null; status: AdminUserStatus; isSelf: boolean };

/** Ban for a period / unban, the recovery mail and magic link, delete; each confirmed in a dialog. */
export function UserActions({ userId, who, email, phone, status, isSelf }: UserActionsProps) {
  const copy = adminCopy.actions;
  const run = useAdminAction();
  const [length, setLength] = useState<BanLength>("1d");
  const lengthLabel = BAN_DURATIONS[length].label;
  return (
    <div className="flex flex-col gap-4">
      {isSelf ? null : status.banned ? (
        <ConfirmActionDialog
          trigger={<Button variant="outline">{copy.unban}</Button>}
          title={copy.unbanTitle}
          description={copy.unbanDescription(who)}
          confirmLabel={copy.unban}
          onConfirm={async () => void (await run(`users/${userId}/unban`, { method: "POST", json: {} }, () => copy.unbanned))}
        />
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="ban-length">{copy.banLength}</Label>
            <NativeSelect id="ban-length" value={length} onChange={(event) => setLength(event.target.value as BanLength)} className="w-32">
              {(Object.keys(BAN_DURATIONS) as BanLength[]).map((key) => (
                <option key={key} value={key}>
                  {BAN_DURATIONS[key].label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <ConfirmActionDialog
            destructive
            trigger={<Button variant="destructive">{copy.ban}</Button>}
            title={copy.banTitle}
            description={length === "forever" ? copy.banForeverDescription(who) : copy.banDescription(who, ` ${lengthLabel} `)}
            confirmLabel={copy.ban}
            onConfirm={async () => void (await run(`users/${userId}/ban`, { method: "POST", json: { length } }, () => copy.banned))}
          />
        </div>
      )}
      {email ? (
        <div className="flex flex-wrap gap-2">
          <ConfirmActionDialog
            trigger={<Button variant="outline">{copy.recovery}</Button>}
            title={copy.recoveryTitle}
            description={copy.recoveryDescription(email)}
            confirmLabel={copy.send}
            onConfirm={async () => void (await run<{ email: string }>(`users/${userId}/recovery-mail`, { method: "POST", json: {} }, (result) => copy.recoverySent(result.email)))}
          />
          <ConfirmActionDialog
            trigger={<Button variant="outline">{copy.magicLink}</Button>}
            title={copy.magicLinkTitle}
            description={copy.magicLinkDescription(email)}
            confirmLabel={copy.send}
            onConfirm={async () => void (await run<{ email: string }>(`users/${userId}/magic-link`, { method: "POST", json: {} }, (result) => copy.magicLinkSent(result.email)))}
          />
        </div>
      ) : null}
      {isSelf || !(email || phone) ? null : (
        <div>
          <DeleteUserDialog userId={userId} who={who} expected={(email || phone)!} />
        </div>
      )}
    </div>
  );
}
