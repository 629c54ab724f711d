import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAmountFen, formatBillingDate } from "@/features/billing";
import { INVITATION_STATUS_LABELS } from "../copy";
import type { InviteView } from "../types";
import { InviteLink } from "./invite-link";

function rewardLine(invite: InviteView): string {
  if (invite.inviterRewardFen === 0 && invite.inviteeRewardFen === 0) return "分享链接邀请好友加入思维火花。";
  return `好友通过您的链接注册后，您可获得 ${formatAmountFen(invite.inviterRewardFen)}，好友可获得 ${formatAmountFen(invite.inviteeRewardFen)} 余额。`;
}

/** The billing page's 邀请好友 section: the link, the people invited and the rewards earned. */
export function InviteCard({ invite }: { invite: InviteView }) {
  return (
    <Card id="invite">
      <CardHeader>
        <CardTitle>邀请好友</CardTitle>
        <CardDescription>{rewardLine(invite)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <InviteLink path={invite.path} />
        <p className="text-sm text-muted-foreground">
          已邀请 {invite.invited.length} 人，累计获得奖励 <span className="tabular-nums" data-testid="invite-earned">{formatAmountFen(invite.earnedFen)}</span>
        </p>
        {invite.invited.length > 0 && (
          <Table aria-label="我邀请的好友">
            <TableHeader>
              <TableRow>
                <TableHead>注册时间</TableHead>
                <TableHead>状态</TableHead>
                <TableHead className="text-right">我的奖励</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invite.invited.map((friend, index) => (
                <TableRow key={`${friend.createdAt}-${index}`}>
                  <TableCell>{formatBillingDate(friend.createdAt)}</TableCell>
                  <TableCell>{INVITATION_STATUS_LABELS[friend.status]}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatAmountFen(friend.rewardFen)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
