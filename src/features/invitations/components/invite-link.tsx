"use client";

import { useSyncExternalStore } from "react";
import { Input } from "@/components/ui/input";
import { CopyButton } from "@/features/ai-runtime";

const noSubscription = () => () => {};

/** The invitation link in full (this site's origin, as the visitor reached it) with a copy button. */
export function InviteLink({ path }: { path: string }) {
  const origin = useSyncExternalStore(noSubscription, () => window.location.origin, () => "");
  const link = `${origin}${path}`;
  return (
    <div className="flex items-center gap-2">
      <Input readOnly value={link} aria-label="我的邀请链接" data-testid="invite-link" translate="no" className="font-mono" />
      <CopyButton getText={() => link} label="复制邀请链接" showLabel />
    </div>
  );
}
