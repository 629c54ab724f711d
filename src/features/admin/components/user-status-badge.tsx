import { Badge } from "@/components/ui/badge";
import { adminCopy } from "../copy";
import { formatAdminDateTime } from "../format";
import type { AdminUserStatus } from "../types";

/** 正常 / 已封禁至 … / 已永久封禁. */
export function UserStatusBadge({ status }: { status: AdminUserStatus }) {
  if (!status.banned) return <Badge variant="secondary">{adminCopy.status.active}</Badge>;
  const text = status.permanent ? adminCopy.status.bannedForever : adminCopy.status.bannedUntil(formatAdminDateTime(status.until));
  return <Badge variant="destructive">{text}</Badge>;
}
