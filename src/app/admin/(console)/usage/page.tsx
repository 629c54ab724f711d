import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { AppModelTable, PlanTable, TopUsersTable, usageReportCopy as copy } from "@/features/admin/usage";
import { getUsageReport, parseReportMonth } from "@/features/admin/usage/server";
import { PageHeading } from "@/features/layouts";
import { formatCount, TokensChart } from "@/features/metering";
import { webSearchCount } from "@/features/web-search/server";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata(copy.title);
export const unstable_dynamicStaleTime = 0;

type Props = { searchParams: Promise<{ month?: string | string[] }> };

/** 用量: everyone's tokens in one month (src/features/admin/usage), CSV at /api/admin/usage.csv. */
export default async function AdminUsagePage({ searchParams }: Props) {
  await requireAdminPage();
  const params = await searchParams;
  const db = await getDatabase();
  const report = await getUsageReport(db, parseReportMonth(typeof params.month === "string" ? params.month : null));
  const searches = await webSearchCount(db, report.month);
  const empty = report.totalCalls === 0;
  return (
    <div className="grid gap-6">
      <PageHeading title={copy.title} description={copy.description} />
      <form method="get" className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="usage-month">{copy.month}</Label>
          <Input id="usage-month" type="month" name="month" defaultValue={report.month} className="w-44" />
        </div>
        <Button type="submit" variant="outline">
          {copy.show}
        </Button>
        <Button asChild variant="outline">
          <a href={`/api/admin/usage.csv?month=${report.month}`} download>
            {copy.exportCsv}
          </a>
        </Button>
      </form>
      <Card>
        <CardHeader>
          <CardTitle>{copy.byDay}</CardTitle>
          <CardDescription>
            {copy.total(formatCount(report.totalTokens), formatCount(report.totalCalls))}
            {searches > 0 ? `，${copy.webSearches(formatCount(searches))}` : ""}
          </CardDescription>
        </CardHeader>
        <CardContent>{empty ? <p className="text-sm text-muted-foreground">{copy.empty}</p> : <TokensChart days={report.days} />}</CardContent>
      </Card>
      {empty ? null : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>{copy.byAppModel}</CardTitle>
            </CardHeader>
            <CardContent>
              <AppModelTable rows={report.byAppModel} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{copy.byPlan}</CardTitle>
              <CardDescription>{copy.byPlanHint}</CardDescription>
            </CardHeader>
            <CardContent>
              <PlanTable rows={report.byPlan} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{copy.topUsers}</CardTitle>
            </CardHeader>
            <CardContent>
              <TopUsersTable rows={report.topUsers} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
