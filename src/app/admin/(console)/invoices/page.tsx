import { StatusFilteredList } from "@/features/admin/components/status-filtered-list";
import { InvoicesTable, invoicesCopy as copy } from "@/features/admin/invoices";
import { listInvoiceRequests, parseInvoiceStatus } from "@/features/admin/invoices/server";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";
import { parsePageNumber } from "@/lib/pagination";

export const generateMetadata = () => adminPageMetadata(copy.title);
export const unstable_dynamicStaleTime = 0;

type Props = { searchParams: Promise<{ status?: string | string[]; page?: string | string[] }> };

/** 发票: users' invoice requests by status, 标记已开具 (src/features/admin/invoices). */
export default async function AdminInvoicesPage({ searchParams }: Props) {
  await requireAdminPage();
  const params = await searchParams;
  const status = parseInvoiceStatus(typeof params.status === "string" ? params.status : null);
  const page = parsePageNumber(params.page);
  const list = await listInvoiceRequests(await getDatabase(), { status, page });
  return (
    <div className="grid gap-6">
      <PageHeading title={copy.title} description={copy.description} />
      <StatusFilteredList name="invoice" statuses={["pending", "issued", "all"] as const} status={status} copy={copy} basePath="/admin/invoices" list={list}>
        <InvoicesTable rows={list.rows} />
      </StatusFilteredList>
    </div>
  );
}
