import "server-only";

// Server side of the chat page's conversation list: search and pins (routes in src/app/api/ai/conversations).
export { searchConversations, SEARCHED_CONVERSATIONS } from "./server/conversation-search";
export { addPin, listPins, removePin, type ConversationPin } from "./server/conversation-pins";
export { assertOwnConversation, CONVERSATION_NOT_FOUND } from "./server/own-conversation";
export { userDifyReader, type UserDifyReader } from "./server/user-dify-reader";
export { removePinOfDeletedConversation } from "./server/deleted-conversation";
export { namePins, type NamedPin } from "./server/named-pins";
export { newestThreadOf } from "./message-tree";
export { citationsFrom } from "./citations";
export { conversationSearchSchema, pinChangeSchema, pinListSchema } from "./conversation-schemas";
export type { ConversationPage, HistoryMessage, MessagePage } from "./types";
