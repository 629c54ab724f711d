import { Link } from "@/components/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminPagination, adminCopy, AuditTable, SecurityEventsFilter, SecurityEventsTable } from "@/features/admin";
import { adminPageMetadata, auditAccounts, isUserId, listAdminActions, parseSecurityEventQuery, requireAdminPage } from "@/features/admin/server";
import { listSecurityEvents } from "@/features/auth/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";
import { cn } from "@/lib/utils";
import { parsePageNumber } from "@/lib/pagination";

export const generateMetadata = () => adminPageMetadata(adminCopy.audit.title);
export const unstable_dynamicStaleTime = 0;

type Param = string | string[] | undefined;
type Props = { searchParams: Promise<Record<string, Param>> };

const one = (value: Param) => (typeof value === "string" ? value.slice(0, 100) : undefined);

/** 审计日志: operators' actions (admin_audit_log) and, under ?view=security, the accounts' events (auth.audit_log_entries). */
export default async function AdminAuditPage({ searchParams }: Props) {
  await requireAdminPage();
  const params = await searchParams;
  const page = parsePageNumber(one(params.page));
  const security = one(params.view) === "security";
  const copy = adminCopy.audit;
  const tab = (active: boolean) => cn("rounded-md px-3 py-1.5 text-sm", active ? "bg-muted font-medium" : "text-muted-foreground hover:text-foreground");
  const tabs = (
    <nav aria-label={copy.title} className="flex gap-2">
      <Link href="/admin/audit" className={tab(!security)} aria-current={security ? undefined : "page"}>
        {adminCopy.securityEvents.tabActions}
      </Link>
      <Link href="/admin/audit?view=security" className={tab(security)} aria-current={security ? "page" : undefined}>
        {adminCopy.securityEvents.title}
      </Link>
    </nav>
  );
  const db = await getDatabase();
  if (security) {
    const { query, filter } = parseSecurityEventQuery((key) => one(params[key]));
    const result = await listSecurityEvents(db, filter, page);
    return (
      <div className="grid gap-6">
        <PageHeading title={copy.title} description={adminCopy.securityEvents.description} />
        {tabs}
        <Card>
          <CardHeader className="grid gap-4">
            <CardTitle className="sr-only">{adminCopy.securityEvents.title}</CardTitle>
            <SecurityEventsFilter query={query} />
            <CardDescription>{adminCopy.securityEvents.total(result.total)}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <SecurityEventsTable events={result.events} />
            <AdminPagination basePath="/admin/audit" query={{ view: "security", ...query }} page={result.page} perPage={result.perPage} total={result.total} />
          </CardContent>
        </Card>
      </div>
    );
  }
  const user = isUserId(one(params.user) ?? "") ? one(params.user) : undefined;
  const result = await listAdminActions(db, { page, targetUserId: user });
  const accounts = await auditAccounts(result.entries);
  return (
    <div className="grid gap-6">
      <PageHeading title={copy.title} description={copy.description} />
      {tabs}
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
          <AuditTable entries={result.entries} accounts={accounts} />
          <AdminPagination basePath="/admin/audit" query={user ? { user } : {}} page={result.page} perPage={result.perPage} total={result.total} />
        </CardContent>
      </Card>
    </div>
  );
}
