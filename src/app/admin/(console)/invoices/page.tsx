import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { AdminPagination } from "@/features/admin/components/admin-pagination";
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
      <form method="get" className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-status">{copy.filterLabel}</Label>
          <NativeSelect id="invoice-status" name="status" defaultValue={status} className="w-32">
            {(["pending", "issued", "all"] as const).map((value) => (
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
          <InvoicesTable rows={list.rows} />
          <AdminPagination basePath="/admin/invoices" query={{ status }} page={list.page} perPage={list.perPage} total={list.total} />
        </CardContent>
      </Card>
    </div>
  );
}
