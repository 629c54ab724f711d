import { Link } from "@/components/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { adminCopy } from "../copy";
import { formatAdminDateTime } from "../format";
import type { AdminUserRow } from "../types";
import { UserStatusBadge } from "./user-status-badge";

/** One page of users; the account cell links to the user's page. */
export function UsersTable({ users }: { users: AdminUserRow[] }) {
  const copy = adminCopy.users;
  if (users.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{copy.empty}</p>;
  return (
    <Table aria-label={copy.title}>
      <TableHeader>
        <TableRow>
          <TableHead>{copy.columns.account}</TableHead>
          <TableHead>{copy.columns.created}</TableHead>
          <TableHead>{copy.columns.lastSignIn}</TableHead>
          <TableHead>{copy.columns.plan}</TableHead>
          <TableHead>{copy.columns.status}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id}>
            <TableCell>
              <Link href={`/admin/users/${user.id}`} className="font-medium underline-offset-4 hover:underline" translate="no">
                {user.email ?? user.phone ?? user.id}
              </Link>
              {user.email && user.phone ? (
                <span className="block text-xs text-muted-foreground" translate="no">
                  {user.phone}
                </span>
              ) : null}
              {user.isAdmin ? (
                <Badge variant="outline" className="ml-2">
                  {copy.adminBadge}
                </Badge>
              ) : null}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatAdminDateTime(user.createdAt)}</TableCell>
            <TableCell className="whitespace-nowrap">{user.lastSignInAt ? formatAdminDateTime(user.lastSignInAt) : copy.neverSignedIn}</TableCell>
            <TableCell>{user.planName}</TableCell>
            <TableCell>
              <UserStatusBadge status={user.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
