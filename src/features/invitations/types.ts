import type { InvitationStatus } from "@/lib/db/schema/invitations";

/** One person the user invited, as the billing page lists them (no address or e-mail of theirs). */
export interface InvitedFriendView {
  createdAt: string;
  status: InvitationStatus;
  rewardFen: number;
}

/** The billing page's 邀请好友 section. */
export interface InviteView {
  /** Path of the invitation link (`/invite/<code>`); the page puts the site's origin before it. */
  path: string;
  inviterRewardFen: number;
  inviteeRewardFen: number;
  earnedFen: number;
  invited: InvitedFriendView[];
}
