import "server-only";

// Server side of invitations (邀请): codes, the record of who invited whom, and the rewards (ledger "reward" entries).
export { claimInvitation, inviteeFacts, settlePendingInvitation } from "./server/claim";
export { inviteCodeFor, recordInvitation, settleInvitation, type InviteeFacts, type RecordOutcome, type SettleOutcome } from "./server/invitations";
export { getInviteView } from "./server/invite-view";
export { INVITATIONS_PER_PAGE, listInvitations } from "./server/invitation-list";
export { loadInviteSettings, saveInviteSettings } from "./server/invite-settings";
