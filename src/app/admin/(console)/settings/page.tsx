import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { settingsCopy, SiteSettingsForm } from "@/features/admin/settings";
import { complianceSettingsFromEnv, loadComplianceOverrides } from "@/features/admin/settings/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata(settingsCopy.title);
export const unstable_dynamicStaleTime = 0;

/** 站点设置: filings shown in the footer and the phone-before-AI switch (src/features/compliance). */
export default async function AdminSettingsPage() {
  await requireAdminPage();
  const overrides = await loadComplianceOverrides(await getDatabase());
  return (
    <div className="grid gap-6">
      <PageHeading title={settingsCopy.title} description={settingsCopy.description} />
      <Card>
        <CardHeader>
          <CardTitle>{settingsCopy.filings}</CardTitle>
          <CardDescription>{settingsCopy.filingsDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <SiteSettingsForm overrides={overrides} env={complianceSettingsFromEnv()} />
        </CardContent>
      </Card>
    </div>
  );
}
