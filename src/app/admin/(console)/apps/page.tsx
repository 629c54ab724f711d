import { Button } from "@/components/ui/button";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { AppFormDialog, AppsList, appsCopy as copy } from "@/features/admin/apps";
import { listAdminApps } from "@/features/admin/apps/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata(copy.title);
export const unstable_dynamicStaleTime = 0;

/** AI 应用: the registry, editable (src/features/admin/apps); keys never reach this page, only their last four. */
export default async function AdminAppsPage() {
  await requireAdminPage();
  const apps = await listAdminApps(await getDatabase());
  return (
    <div className="grid gap-6">
      <PageHeading title={copy.title} description={copy.description} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">{copy.total(apps.length, apps.filter((app) => app.enabled).length)}</p>
        <AppFormDialog trigger={<Button>{copy.add}</Button>} />
      </div>
      <AppsList apps={apps} />
    </div>
  );
}
