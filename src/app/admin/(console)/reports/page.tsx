import { StatusFilteredList } from "@/features/admin/components/status-filtered-list";
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
      <StatusFilteredList name="report" statuses={["open", "closed", "all"] as const} status={status} copy={copy} basePath="/admin/reports" list={list}>
        <ReportsTable rows={list.rows} />
      </StatusFilteredList>
    </div>
  );
}
