import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { OverviewTiles, overviewCopy } from "@/features/admin/overview";
import { getAdminOverview } from "@/features/admin/overview/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata(overviewCopy.title);
export const unstable_dynamicStaleTime = 0;

/** /admin: 概览 — today's and this month's figures, each linking to its section. */
export default async function AdminOverviewPage() {
  await requireAdminPage();
  const overview = await getAdminOverview(await getDatabase());
  return (
    <div className="grid gap-6">
      <PageHeading title={overviewCopy.title} description={overviewCopy.description} />
      <OverviewTiles overview={overview} />
    </div>
  );
}
