"use client";

import { useCallback, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuth } from "@/features/auth";
import { filesCopy } from "../copy";
import { useBuckets } from "../hooks/use-buckets";
import { BucketManager } from "./bucket-manager";
import { FileBrowser } from "./file-browser";
import { StorageUsageBar } from "./storage-usage";
import { bucketDisplayName } from "../lib/bucket-names";

/** The storage demo: the visible buckets, then a file browser of the user's folder in the chosen one. */
export function StorageBrowser() {
  const { user, loaded, supabase } = useAuth();
  const buckets = useBuckets(supabase);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [usageVersion, setUsageVersion] = useState(0);
  const refreshUsage = useCallback(() => setUsageVersion((v) => v + 1), []);
  // The private `files` bucket first: it is where people keep their own files.
  const selected =
    buckets.buckets.find((b) => b.id === chosenId) ?? buckets.buckets.find((b) => b.id === "files") ?? buckets.buckets[0] ?? null;

  if (!loaded || !supabase) return <p className="text-sm text-muted-foreground">{filesCopy.loading}</p>;
  if (!user) return <p className="text-sm text-muted-foreground">{filesCopy.signInFirst}</p>;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{filesCopy.bucketsTitle}</CardTitle>
          <CardDescription>{filesCopy.bucketsDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <StorageUsageBar version={usageVersion} />
          <BucketManager
            supabase={supabase}
            userId={user.id}
            state={buckets}
            selectedId={selected?.id ?? null}
            onSelect={setChosenId}
            onContentChange={refreshUsage}
          />
        </CardContent>
      </Card>
      {selected ? (
        <Card>
          <CardHeader>
            <CardTitle>{bucketDisplayName(selected)}</CardTitle>
            <CardDescription>只显示您自己的文件夹里的文件。</CardDescription>
          </CardHeader>
          <CardContent>
            <FileBrowser key={`${selected.id}:${user.id}`} supabase={supabase} userId={user.id} bucket={selected} onContentChange={refreshUsage} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
