import { Link } from "@/components/link";
import { PlanForm, plansCopy } from "@/features/admin/plans";
import { planAppChoices } from "@/features/admin/plans/server";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { getDatabase } from "@/lib/db";
import { PageHeading } from "@/features/layouts";

export const generateMetadata = () => adminPageMetadata(plansCopy.newTitle);

export default async function AdminNewPlanPage() {
  await requireAdminPage();
  return (
    <div className="grid gap-6">
      <Link href="/admin/plans" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        {plansCopy.back}
      </Link>
      <PageHeading title={plansCopy.newTitle} />
      <PlanForm apps={await planAppChoices(await getDatabase())} />
    </div>
  );
}
