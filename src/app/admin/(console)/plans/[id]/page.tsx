import { Link } from "@/components/link";
import { notFound } from "next/navigation";
import { DeletePlanButton, PlanForm, plansCopy } from "@/features/admin/plans";
import { getAdminPlan, planAppChoices } from "@/features/admin/plans/server";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata(plansCopy.title);
export const unstable_dynamicStaleTime = 0;

type Props = { params: Promise<{ id: string }> };

export default async function AdminPlanPage({ params }: Props) {
  await requireAdminPage();
  const { id } = await params;
  const plan = await getAdminPlan(await getDatabase(), id);
  if (!plan) notFound();
  return (
    <div className="grid gap-6">
      <Link href="/admin/plans" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        {plansCopy.back}
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title={plansCopy.editTitle(plan.name)} />
        {plan.id === "free" ? null : <DeletePlanButton planId={plan.id} name={plan.name} />}
      </div>
      {/* Keyed by the saved values: after 保存 the form starts again from what the server stored. */}
      <PlanForm key={JSON.stringify(plan)} plan={plan} apps={await planAppChoices(await getDatabase())} />
    </div>
  );
}
