import "server-only";

// Server side of conversation sharing: the owner's routes (src/app/api/ai/conversations/shares) and
// the public page (src/app/share/[token]).
export { listConversationShares, MAX_LIVE_SHARES, shareConversation, SHARES_PER_MINUTE, SHARE_NOT_FOUND, stopSharing, type OwnerContext } from "./server/share-conversation";
export { MAX_SHARED_MESSAGES, MAX_SNAPSHOT_BYTES } from "./server/conversation-snapshot";
export { loadSharedConversation } from "./server/shared-conversation";
export { shareOwnerState, type ShareOwnerState } from "./server/share-owner";
export { createShareSchema, shareIdSchema, shareListSchema } from "./schemas";
export { revokeShare } from "./server/shares-repository";
