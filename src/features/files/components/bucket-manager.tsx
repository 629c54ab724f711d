"use client";

import type { SupabaseClient } from "@supabase/supabase-js";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { filesCopy } from "../copy";
import { useBucketActions } from "../hooks/use-bucket-actions";
import type { Bucket, BucketsState } from "../hooks/use-buckets";
import { settingsOf, type BucketSettingsInput } from "../lib/bucket-settings";
import { BucketConfirmDialog, type BucketChange } from "./bucket-confirm-dialog";
import { BucketList } from "./bucket-list";
import { BucketSettingsDialog, newBucketSettings } from "./bucket-settings-dialog";

type BucketManagerProps = {
  supabase: SupabaseClient;
  userId: string;
  state: BucketsState;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Files went away (a bucket was emptied): the usage bar should refresh. */
  onContentChange: () => void;
};

/** The bucket list with the user's own buckets' management: new, settings, empty, delete. */
export function BucketManager({ supabase, userId, state, selectedId, onSelect, onContentChange }: BucketManagerProps) {
  const actions = useBucketActions(supabase, state.reload);
  const [editing, setEditing] = useState<{ creating: boolean; initial: BucketSettingsInput; id?: string } | null>(null);
  const [change, setChange] = useState<BucketChange | null>(null);

  const manage = (bucket: Bucket, action: "settings" | "empty" | "delete") => {
    if (action === "settings") setEditing({ creating: false, initial: settingsOf(bucket), id: bucket.id });
    else setChange({ kind: action, id: bucket.id, name: bucket.name });
  };

  return (
    <div className="grid gap-3">
      <div>
        <Button size="sm" variant="outline" onClick={() => setEditing(newBucketSettings)}>
          <Plus aria-hidden />
          {filesCopy.newBucket}
        </Button>
      </div>
      <BucketList state={state} selectedId={selectedId} onSelect={onSelect} userId={userId} onManage={manage} />
      <BucketSettingsDialog
        editing={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        onSave={(name, options) => (editing?.creating ? actions.create(name, options) : actions.update(editing?.id ?? name, options))}
      />
      <BucketConfirmDialog
        change={change}
        onOpenChange={(open) => !open && setChange(null)}
        onConfirm={async ({ kind, id }) => {
          const failure = kind === "empty" ? await actions.empty(id) : await actions.remove(id);
          if (!failure) onContentChange();
          return failure;
        }}
      />
    </div>
  );
}
