import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminPagination, adminCopy, AuditTable } from "@/features/admin";
import { adminPageMetadata, isUserId, listAdminActions, requireAdminPage } from "@/features/admin/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata(adminCopy.audit.title);
export const unstable_dynamicStaleTime = 0;

type Props = { searchParams: Promise<{ user?: string | string[]; page?: string | string[] }> };

/** 审计日志: the operators' actions (admin_audit_log); the auth service's account events come later. */
export default async function AdminAuditPage({ searchParams }: Props) {
  await requireAdminPage();
  const params = await searchParams;
  const user = typeof params.user === "string" && isUserId(params.user) ? params.user : undefined;
  const page = Math.min(10_000, Math.max(1, Number.parseInt(typeof params.page === "string" ? params.page : "1", 10) || 1));
  const result = await listAdminActions(await getDatabase(), { page, targetUserId: user });
  const copy = adminCopy.audit;
  return (
    <div className="grid gap-6">
      <PageHeading title={copy.title} description={copy.description} />
      <Card>
        <CardHeader>
          <CardTitle className="sr-only">{copy.title}</CardTitle>
          <CardDescription className="flex flex-wrap items-center gap-3">
            {copy.total(result.total)}
            {user ? (
              <Link href="/admin/audit" className="underline-offset-4 hover:underline">
                {copy.showAll}
              </Link>
            ) : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <AuditTable entries={result.entries} />
          <AdminPagination basePath="/admin/audit" query={user ? { user } : {}} page={result.page} perPage={result.perPage} total={result.total} />
        </CardContent>
      </Card>
    </div>
  );
}
