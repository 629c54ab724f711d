import { Link } from "@/components/link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAdminDateTime } from "@/features/admin";
import { InviteSettingsForm } from "@/features/admin/invitations";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { formatAmountFen } from "@/features/billing";
import { INVITATION_REFUSAL_LABELS, INVITATION_STATUS_LABELS } from "@/features/invitations";
import { INVITATIONS_PER_PAGE, listInvitations, loadInviteSettings } from "@/features/invitations/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";
import { parsePageNumber } from "@/lib/pagination";

export const generateMetadata = () => adminPageMetadata("邀请");
export const unstable_dynamicStaleTime = 0;

type Props = { searchParams: Promise<{ page?: string }> };

/** 邀请: the rewards, when they are paid and the caps; every invitation and what became of it. */
export default async function AdminInvitationsPage({ searchParams }: Props) {
  await requireAdminPage();
  const db = await getDatabase();
  const page = parsePageNumber((await searchParams).page ?? null);
  const [settings, list] = [await loadInviteSettings(db), await listInvitations(db, page)];
  const pages = Math.max(1, Math.ceil(list.total / INVITATIONS_PER_PAGE));
  return (
    <div className="grid gap-6">
      <PageHeading title="邀请" description="每位用户在「订阅与账单」页面都有自己的邀请链接。好友通过链接注册并满足发放时机后，双方各得一笔余额奖励，记入余额流水。" />
      <Card>
        <CardHeader>
          <CardTitle>邀请奖励设置</CardTitle>
        </CardHeader>
        <CardContent>
          <InviteSettingsForm settings={settings} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>邀请记录（共 {list.total} 条）</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {list.invitations.length === 0 ? (
            <p className="text-sm text-muted-foreground">还没有邀请记录</p>
          ) : (
            <Table aria-label="邀请记录">
              <TableHeader>
                <TableRow>
                  <TableHead>注册时间</TableHead>
                  <TableHead>邀请人</TableHead>
                  <TableHead>被邀请人</TableHead>
                  <TableHead>网络地址</TableHead>
                  <TableHead>状态</TableHead>
                  <TableHead className="text-right">奖励（邀请人 / 被邀请人）</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.invitations.map((row) => (
                  <TableRow key={row.inviteeId}>
                    <TableCell className="whitespace-nowrap">{formatAdminDateTime(row.createdAt.toISOString())}</TableCell>
                    <TableCell>
                      <Link href={`/admin/users/${row.inviterId}`} className="underline-offset-4 hover:underline" translate="no">
                        {row.inviterId.slice(0, 8)}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Link href={`/admin/users/${row.inviteeId}`} className="underline-offset-4 hover:underline" translate="no">
                        {row.inviteeId.slice(0, 8)}
                      </Link>
                    </TableCell>
                    <TableCell translate="no">{row.ip ?? "—"}</TableCell>
                    <TableCell title={row.reason ? (INVITATION_REFUSAL_LABELS[row.reason] ?? row.reason) : undefined}>
                      {INVITATION_STATUS_LABELS[row.status]}
                      {row.reason ? `（${INVITATION_REFUSAL_LABELS[row.reason] ?? row.reason}）` : ""}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {row.status === "rewarded" ? `${formatAmountFen(row.inviterRewardFen)} / ${formatAmountFen(row.inviteeRewardFen)}` : "—"}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {pages > 1 ? (
            <p className="flex gap-4 text-sm">
              {page > 1 ? <Link href={`/admin/invitations?page=${page - 1}`}>上一页</Link> : null}
              <span>
                第 {page} / {pages} 页
              </span>
              {page < pages ? <Link href={`/admin/invitations?page=${page + 1}`}>下一页</Link> : null}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
