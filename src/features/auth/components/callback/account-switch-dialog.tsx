"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { authCopy } from "../../copy";
import type { AccountSwitch } from "./verify-callback";

const copy = authCopy.accountSwitch;

/** Asks before a link signs the visitor into another account than the one signed in now. */
export function AccountSwitchDialog({ accounts, onAnswer }: { accounts: AccountSwitch; onAnswer: (switching: boolean) => void }) {
  return (
    // Closing it any other way (Esc, the close button, outside) keeps the current account.
    <Dialog open onOpenChange={(open) => (open ? undefined : onAnswer(false))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{copy.hint}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-1 text-sm">
          <div>
            <dt className="inline text-muted-foreground">{copy.current}</dt>
            <dd className="inline font-medium">{accounts.current}</dd>
          </div>
          <div>
            <dt className="inline text-muted-foreground">{copy.link}</dt>
            <dd className="inline font-medium">{accounts.next}</dd>
          </div>
        </dl>
        <DialogFooter>
          <Button variant="outline" onClick={() => onAnswer(false)}>
            {copy.keep}
          </Button>
          <Button onClick={() => onAnswer(true)}>{copy.confirm}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
