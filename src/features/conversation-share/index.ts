// Client-safe surface of conversation sharing: the chat page's share dialog and the public page's view.
export { ShareDialog } from "./components/share-dialog";
export { SharedConversationView } from "./components/shared-conversation-view";
export { shareCardMetadata } from "./share-card";
export type { ConversationShare, ConversationShareList, SharedConversation, SharedMessage } from "./types";
