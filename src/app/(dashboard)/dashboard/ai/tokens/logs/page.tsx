import type { Metadata } from "next";
import { Link } from "@/components/link";
import { redirect } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { callLogsCopy, filtersFromQuery, filtersQuery } from "@/features/api-call-logs";
import { CallLogFiltersForm } from "@/features/api-call-logs/components/call-log-filters";
import { CallLogsTable } from "@/features/api-call-logs/components/call-logs-table";
import { listCallLogs } from "@/features/api-call-logs/server";
import { listApiKeys } from "@/features/api-keys/server";
import { getCurrentUserId } from "@/features/auth/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "API 调用日志" };
export const dynamic = "force-dynamic";
export const unstable_dynamicStaleTime = 0;

const PATH = "/dashboard/ai/tokens/logs";
const SHOWN = 200;

export default async function ApiCallLogsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const userId = await getCurrentUserId();
  if (!userId) redirect("/auth/signin");
  const parsed = filtersFromQuery(await searchParams);
  const filters = parsed.success ? parsed.data : {};
  const db = await getDatabase();
  const [entries, keys] = await Promise.all([listCallLogs(db, userId, filters, { limit: SHOWN }), listApiKeys(db, userId)]);
  const query = filtersQuery(filters);

  return (
    <div className="grid gap-6">
      <PageHeading title={callLogsCopy.title} description={`${callLogsCopy.description}${callLogsCopy.retention(getEnv().LOG_RETENTION_DAYS)}`} />
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link href="/dashboard/ai/tokens">← {callLogsCopy.back}</Link>
        </Button>
      </div>
      <Card>
        <CardContent className="pt-6">
          <CallLogFiltersForm filters={filters} keys={keys} path={PATH} />
          {!parsed.success && (
            <p role="alert" className="mt-3 text-sm text-destructive">
              {callLogsCopy.invalidFilters}
              {parsed.error.issues[0]?.message}
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>{callLogsCopy.listTitle}</CardTitle>
            {entries.length === SHOWN && <CardDescription>{callLogsCopy.shownLatest(SHOWN)}</CardDescription>}
          </div>
          <Button asChild variant="outline" size="sm">
            <a href={`/api/keys/call-logs/export${query ? `?${query}` : ""}`} download>
              {callLogsCopy.exportCsv}
            </a>
          </Button>
        </CardHeader>
        <CardContent>{entries.length > 0 ? <CallLogsTable entries={entries} /> : <p className="text-sm text-muted-foreground">{callLogsCopy.empty}</p>}</CardContent>
      </Card>
    </div>
  );
}
