import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PlansTable, plansCopy } from "@/features/admin/plans";
import { listAdminPlans } from "@/features/admin/plans/server";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata(plansCopy.title);
export const unstable_dynamicStaleTime = 0;

/** 套餐: every plan with its prices, quota and subscribers (src/features/admin/plans). */
export default async function AdminPlansPage() {
  await requireAdminPage();
  const plans = await listAdminPlans(await getDatabase());
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title={plansCopy.title} description={plansCopy.description} />
        <Button asChild>
          <Link href="/admin/plans/new">{plansCopy.add}</Link>
        </Button>
      </div>
      <Card>
        <CardContent className="pt-6">
          <PlansTable plans={plans} />
        </CardContent>
      </Card>
    </div>
  );
}
