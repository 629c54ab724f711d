import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { MonthGrantsTable, quotaCopy } from "@/features/admin/quota";
import { listMonthGrants } from "@/features/admin/quota/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata(quotaCopy.title);
export const unstable_dynamicStaleTime = 0;

/** 额度: this month's grants of everyone; changes are made on a user's page (src/features/admin/quota). */
export default async function AdminQuotaPage() {
  await requireAdminPage();
  const grants = await listMonthGrants(await getDatabase());
  return (
    <div className="grid gap-6">
      <PageHeading title={quotaCopy.title} description={quotaCopy.description} />
      <Card>
        <CardHeader>
          <CardTitle>{quotaCopy.grants}</CardTitle>
        </CardHeader>
        <CardContent>
          <MonthGrantsTable grants={grants} />
        </CardContent>
      </Card>
    </div>
  );
}
