import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { AnnouncementForm, AnnouncementsTable } from "@/features/admin/announcements";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { announcementsCopy } from "@/features/announcements";
import { listAnnouncements } from "@/features/announcements/server";
import { getPlanCatalog } from "@/features/billing/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

const copy = announcementsCopy.admin;
export const generateMetadata = () => adminPageMetadata(copy.title);
export const unstable_dynamicStaleTime = 0;

/** 站内公告: post one (text, link, start / end, audience) and the list of those posted. */
export default async function AdminAnnouncementsPage() {
  await requireAdminPage();
  const db = await getDatabase();
  const [announcements, catalog] = await Promise.all([listAnnouncements(db), getPlanCatalog(db)]);
  const plans = catalog.plans.map((plan) => ({ id: plan.id, name: plan.name }));
  return (
    <div className="grid gap-6">
      <PageHeading title={copy.title} description={copy.description} />
      <Card>
        <CardHeader>
          <CardTitle>{copy.formTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <AnnouncementForm plans={plans} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{copy.listTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <AnnouncementsTable announcements={announcements} planNames={Object.fromEntries(plans.map((plan) => [plan.id, plan.name]))} />
        </CardContent>
      </Card>
    </div>
  );
}
