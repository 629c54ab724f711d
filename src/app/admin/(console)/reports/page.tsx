import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { AdminPagination } from "@/features/admin/components/admin-pagination";
import { ReportsTable, reportsAdminCopy as copy } from "@/features/admin/reports";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { PageHeading } from "@/features/layouts";
import { listReports, parseReportStatus } from "@/features/reports/server";
import { getDatabase } from "@/lib/db";
import { parsePageNumber } from "@/lib/pagination";

export const generateMetadata = () => adminPageMetadata(copy.title);
export const unstable_dynamicStaleTime = 0;

type Props = { searchParams: Promise<{ status?: string | string[]; page?: string | string[] }> };

/** 举报: the operators' queue of 投诉举报 (src/features/reports, actions in src/features/admin/reports). */
export default async function AdminReportsPage({ searchParams }: Props) {
  await requireAdminPage();
  const params = await searchParams;
  const status = parseReportStatus(typeof params.status === "string" ? params.status : null);
  const list = await listReports(await getDatabase(), { status, page: parsePageNumber(params.page) });
  return (
    <div className="grid gap-6">
      <PageHeading title={copy.title} description={copy.description} />
      <form method="get" className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="report-status">{copy.filterLabel}</Label>
          <NativeSelect id="report-status" name="status" defaultValue={status} className="w-32">
            {(["open", "closed", "all"] as const).map((value) => (
              <option key={value} value={value}>
                {copy.filters[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          {copy.show}
        </Button>
      </form>
      <Card>
        <CardHeader>
          <CardTitle>{copy.filters[status]}</CardTitle>
          <CardDescription>{copy.total(list.total)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ReportsTable rows={list.rows} />
          <AdminPagination basePath="/admin/reports" query={{ status }} page={list.page} perPage={list.perPage} total={list.total} />
        </CardContent>
      </Card>
    </div>
  );
}
