import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminPagination, adminCopy, NewUserDialog, UsersSearchForm, UsersTable } from "@/features/admin";
import { adminPageMetadata, requireAdminPage, searchUsers } from "@/features/admin/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";
import { parsePageNumber } from "@/lib/pagination";

export const generateMetadata = () => adminPageMetadata(adminCopy.users.title);
export const unstable_dynamicStaleTime = 0;

type Props = { searchParams: Promise<{ q?: string | string[]; page?: string | string[] }> };

export default async function AdminUsersPage({ searchParams }: Props) {
  await requireAdminPage();
  const params = await searchParams;
  const query = (typeof params.q === "string" ? params.q : "").slice(0, 200);
  const page = parsePageNumber(params.page);
  const result = await searchUsers(await getDatabase(), { query, page });
  const copy = adminCopy.users;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading title={copy.title} description={copy.description} />
        <div className="flex gap-2">
          <NewUserDialog mode="invite" />
          <NewUserDialog mode="create" />
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="sr-only">{copy.searchLabel}</CardTitle>
          <UsersSearchForm query={result.query} />
          <CardDescription>{copy.total(result.total)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <UsersTable users={result.users} />
          <AdminPagination basePath="/admin/users" query={{ q: result.query }} page={result.page} perPage={result.perPage} total={result.total} />
        </CardContent>
      </Card>
    </div>
  );
}
