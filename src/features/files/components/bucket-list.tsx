"use client";

import { Globe, Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { filesCopy } from "../copy";
import type { Bucket, BucketsState } from "../hooks/use-buckets";
import { bucketDisplayName } from "../lib/bucket-names";
import { describeAllowedTypes, describeSizeLimit } from "../lib/limits";

type BucketListProps = {
  state: BucketsState;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The signed-in user: their own buckets get 设置 / 清空 / 删除. */
  userId: string;
  onManage: (bucket: Bucket, action: "settings" | "empty" | "delete") => void;
};

/** The visible buckets with their rules; choosing one opens it in the file browser. */
export function BucketList({ state, selectedId, onSelect, userId, onManage }: BucketListProps) {
  if (state.loading && state.buckets.length === 0) {
    return <p className="text-sm text-muted-foreground">{filesCopy.loading}</p>;
  }
  if (state.error) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
        {filesCopy.bucketsLoadFailed}：{state.error}
        <Button size="sm" variant="outline" onClick={state.reload}>
          {filesCopy.retry}
        </Button>
      </div>
    );
  }
  if (state.buckets.length === 0) return <p className="text-sm text-muted-foreground">{filesCopy.bucketsEmpty}</p>;

  return (
    <ul aria-label={filesCopy.bucketsLabel} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {state.buckets.map((bucket) => {
        const selected = bucket.id === selectedId;
        const own = bucket.owner === userId;
        return (
          <li key={bucket.id} className="grid gap-1">
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(bucket.id)}
              className={cn(
                "grid w-full gap-2 rounded-lg border p-4 text-left transition-colors outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50",
                selected && "border-primary bg-primary/5",
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-medium">{bucketDisplayName(bucket)}</span>
                  {own ? <Badge variant="outline">{filesCopy.ownBucket}</Badge> : null}
                </span>
                <Badge variant={bucket.public ? "warning" : "secondary"}>
                  {bucket.public ? <Globe aria-hidden className="size-3" /> : <Lock aria-hidden className="size-3" />}
                  {bucket.public ? filesCopy.publicBucket : filesCopy.privateBucket}
                </Badge>
              </span>
              <span className="text-xs text-muted-foreground">
                {filesCopy.bucketId}
                <code translate="no">{bucket.id}</code>
              </span>
              <span className="text-xs text-muted-foreground">{describeSizeLimit(bucket.file_size_limit)}</span>
              <span className="text-xs text-muted-foreground">允许的类型：{describeAllowedTypes(bucket.allowed_mime_types)}</span>
            </button>
            {own ? (
              <div role="group" aria-label={filesCopy.bucketActions(bucketDisplayName(bucket))} className="flex gap-1">
                <Button size="sm" variant="ghost" onClick={() => onManage(bucket, "settings")}>
                  {filesCopy.bucketSettingsShort}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => onManage(bucket, "empty")}>
                  {filesCopy.emptyBucket}
                </Button>
                <Button size="sm" variant="ghost" className="text-destructive" onClick={() => onManage(bucket, "delete")}>
                  {filesCopy.deleteBucket}
                </Button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
