"use client";

import { useEffect, useState } from "react";
import { filesCopy } from "../copy";
import { formatBytes } from "../lib/format";

type Usage = { usedBytes: number | null; quotaBytes: number };

/** "已用 12.3 MB / 100 MB" with a bar: the user's storage against their plan (GET /api/storage/usage). */
export function StorageUsageBar({ version }: { version: number }) {
  const [usage, setUsage] = useState<Usage | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    fetch("/api/storage/usage", { cache: "no-store" })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as Usage;
        if (!cancelled) {
          setUsage(body);
          setFailed(false);
        }
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [version]);

  if (failed) return <p className="text-sm text-muted-foreground">{filesCopy.usageFailed}</p>;
  if (!usage) return null;
  const quota = formatBytes(usage.quotaBytes);
  if (usage.usedBytes === null) return <p className="text-sm text-muted-foreground">{filesCopy.usageQuotaOnly(quota)}</p>;
  const percent = Math.min(100, (usage.usedBytes / Math.max(1, usage.quotaBytes)) * 100);
  return (
    <div className="grid gap-1.5" data-testid="storage-usage">
      <p className="text-sm">{filesCopy.usage(formatBytes(usage.usedBytes), quota)}</p>
      <div
        role="progressbar"
        aria-label={filesCopy.usageLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className={percent >= 90 ? "h-full bg-destructive" : "h-full bg-primary"} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
