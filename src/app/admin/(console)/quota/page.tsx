import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminPagination } from "@/features/admin";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { MonthGrantsTable, quotaCopy } from "@/features/admin/quota";
import { listMonthGrants } from "@/features/admin/quota/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";
import { parsePageNumber } from "@/lib/pagination";

export const generateMetadata = () => adminPageMetadata(quotaCopy.title);
export const unstable_dynamicStaleTime = 0;

type Props = { searchParams: Promise<{ page?: string | string[] }> };

/** 额度: this month's grants of everyone, paged on the server; changes are made on a user's page (src/features/admin/quota). */
export default async function AdminQuotaPage({ searchParams }: Props) {
  await requireAdminPage();
  const params = await searchParams;
  const page = parsePageNumber(params.page);
  const result = await listMonthGrants(await getDatabase(), { page });
  return (
    <div className="grid gap-6">
      <PageHeading title={quotaCopy.title} description={quotaCopy.description} />
      <Card>
        <CardHeader>
          <CardTitle>{quotaCopy.grants}</CardTitle>
          <CardDescription>{quotaCopy.total(result.total)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <MonthGrantsTable grants={result.grants} />
          <AdminPagination basePath="/admin/quota" page={result.page} perPage={result.perPage} total={result.total} />
        </CardContent>
      </Card>
    </div>
  );
}
