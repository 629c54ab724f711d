import type { SharedMessageSnapshot } from "@/lib/db/schema/conversation-shares";

/** One message of a shared snapshot: the question, the answer text and when it was asked. */
export type SharedMessage = SharedMessageSnapshot;

/** A share as its owner sees it (POST answer, GET list): the link can be copied again. */
export interface ConversationShare {
  id: string;
  url: string;
  conversation_id: string;
  title: string;
  message_count: number;
  /** ISO 8601. */
  created_at: string;
}

export interface ConversationShareList {
  data: ConversationShare[];
}

/** What the public page `/share/{token}` shows. */
export interface SharedConversation {
  appName: string;
  title: string;
  sharedAt: Date;
  messages: SharedMessage[];
}
