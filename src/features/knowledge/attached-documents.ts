import { knowledgeCopy } from "./copy";
import type { DocumentItem } from "./hooks";

/**
 * The files attached to model-app conversations, kept per conversation: a document belongs to the
 * conversation it was attached in (switching away and back brings it back; a new conversation starts
 * empty). Pure state transitions, so `useKnowledgeChoice` stays thin and this is tested without a DOM.
 */
export interface AttachedDocument {
  /** The server's id once uploaded; a local id while 上传中. */
  id: string;
  name: string;
  status: DocumentItem["status"] | "uploading";
  failureReason: string | null;
  /** Asked with at least once: removing it then only detaches it (an answer may cite it). */
  sent: boolean;
}

/** The bucket of the conversation not started yet (it has no id until its first answer begins). */
const NEW_CONVERSATION = "";

export interface AttachedState {
  current: string;
  byConversation: Readonly<Record<string, readonly AttachedDocument[]>>;
}

export const initialAttached: AttachedState = { current: NEW_CONVERSATION, byConversation: {} };

const NONE: readonly AttachedDocument[] = [];

export function attachedHere(state: AttachedState): readonly AttachedDocument[] {
  return state.byConversation[state.current] ?? NONE;
}

function withHere(state: AttachedState, documents: readonly AttachedDocument[]): AttachedState {
  return { ...state, byConversation: { ...state.byConversation, [state.current]: documents } };
}

/** Another conversation is shown; `null` starts a new one, which is always empty. */
export function openConversation(state: AttachedState, conversationId: string | null): AttachedState {
  if (conversationId !== null) return { ...state, current: conversationId };
  return { current: NEW_CONVERSATION, byConversation: { ...state.byConversation, [NEW_CONVERSATION]: [] } };
}

/** The new conversation got its id from the server: its documents move with it. */
export function conversationStarted(state: AttachedState, conversationId: string): AttachedState {
  if (state.current !== NEW_CONVERSATION) return state;
  const { [NEW_CONVERSATION]: documents = [], ...others } = state.byConversation;
  return { current: conversationId, byConversation: { ...others, [conversationId]: documents } };
}

export function addAttached(state: AttachedState, document: AttachedDocument): AttachedState {
  return withHere(state, [...attachedHere(state), document]);
}

/** A document's news (uploaded, indexed, failed), wherever it is: the user may have switched meanwhile. */
export function updateAttached(state: AttachedState, id: string, change: Partial<AttachedDocument>): AttachedState {
  const byConversation = Object.fromEntries(
    Object.entries(state.byConversation).map(([key, documents]) => [key, documents.map((document) => (document.id === id ? { ...document, ...change } : document))]),
  );
  return { ...state, byConversation };
}

export function removeAttached(state: AttachedState, id: string): AttachedState {
  return withHere(
    state,
    attachedHere(state).filter((document) => document.id !== id),
  );
}

/** The question was sent with this conversation's documents. */
export function markSent(state: AttachedState): AttachedState {
  return withHere(
    state,
    attachedHere(state).map((document) => (document.sent ? document : { ...document, sent: true })),
  );
}

/** Still on its way to 已索引: a question asked now would not find it yet. */
export const isPreparing = (document: AttachedDocument) => document.status === "uploading" || document.status === "parsing";

const DOCUMENT_EXTENSIONS = knowledgeCopy.accept.split(",");

/** A file the paperclip hands to the knowledge attach rather than to the app's uploads. */
export function isKnowledgeDocument(file: { name: string }): boolean {
  const name = file.name.toLowerCase();
  return DOCUMENT_EXTENSIONS.some((extension) => name.endsWith(extension));
}
