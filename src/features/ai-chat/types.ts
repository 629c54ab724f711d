import type { NodeRun, Rating } from "@/features/ai-runtime";

/** A conversation as `GET conversations` lists it (reference §5.2). */
export interface Conversation {
  id: string;
  name: string;
  inputs?: Record<string, unknown>;
  introduction?: string;
  /** Model apps: the model this conversation last used. */
  model?: string;
  created_at?: number;
  updated_at?: number;
}

export interface ConversationPage {
  data: Conversation[];
  has_more: boolean;
  limit: number;
}

/** A file shown in a user's message bubble. */
export interface ChatFile {
  id: string;
  name: string;
  type: string;
  url?: string;
}

/** One tool an agent step used (Dify's `tool` is `;`-joined; input and observation are keyed by tool). */
export interface AgentToolUse {
  name: string;
  /** `tool_labels` in Chinese when present, else the tool's name. */
  label: string;
  /** The tool's input, pretty JSON when it is JSON. */
  input: string;
  /** What the tool answered; empty while it runs. */
  observation: string;
}

/** One `agent_thought`: a round of the agent (reference §6.4). */
export interface AgentStep {
  id: string;
  position: number;
  thought: string;
  tools: AgentToolUse[];
}

/** One knowledge citation (`retriever_resources` item). */
export interface Citation {
  position: number;
  datasetName: string;
  documentName: string;
  segmentId: string;
  score: number | null;
  content: string;
  /** Model apps' sources (issue 37): a web result's address (http(s) only), a document's page or section. */
  url?: string;
  page?: number;
  section?: string;
}

/** A chatflow answer's workflow run (live only: `GET messages` has no node events). */
export interface ChatWorkflow {
  status: "running" | "succeeded" | "failed" | "stopped";
  nodes: NodeRun[];
  /** Client clock when the run's first event arrived. */
  startedAt: number;
  /** Seconds, from workflow_finished (or measured when the stream ended without it). */
  elapsed?: number;
  /** Dify's error text of a failed run (shown as text in the node list's context). */
  error?: string;
}

export type ExchangeStatus = "streaming" | "done" | "stopped" | "error";

/** One question and its answer (Dify stores them as one message). */
export interface Exchange {
  /** Local key; stays stable while the server id arrives. */
  key: string;
  /** Dify's message id once known. */
  messageId?: string;
  /** A stored message's `parent_message_id` (message-tree.ts reads it). */
  parentMessageId?: string | null;
  /** A new exchange: the key of the exchange it follows (null: a root). */
  parentKey?: string | null;
  taskId?: string;
  query: string;
  files: ChatFile[];
  /** File references sent with the question (kept for 重试). */
  fileRefs: { type: string; transfer_method: "local_file"; upload_file_id: string }[];
  answer: string;
  status: ExchangeStatus;
  error?: { message: string; statusCode: number };
  feedback: Rating;
  suggestions?: string[];
  /** Agent apps: the thinking and tool rounds, in order. */
  agentSteps?: AgentStep[];
  /** Knowledge citations of the answer. */
  citations?: Citation[];
  /** Chatflow apps: the workflow that produced the answer. */
  workflow?: ChatWorkflow;
  /** The app's moderation replaced the answer (`message_replace` with reason `output_moderation`). */
  moderated?: boolean;
}

/** A `GET messages` item (the fields this page reads). */
export interface HistoryMessage {
  id: string;
  /** Dify's threads: null for a root, UUID_NIL for a message older than threads. */
  parent_message_id?: string | null;
  query: string;
  answer: string;
  /** Unix seconds. */
  created_at?: number;
  status?: string;
  error?: string | null;
  feedback?: { rating?: Rating } | null;
  message_files?: { id: string; filename?: string; type?: string; url?: string; belongs_to?: string }[];
  /** Open objects, read by agent-steps.ts and citations.ts. */
  agent_thoughts?: unknown[];
  retriever_resources?: unknown[];
}

export interface MessagePage {
  data: HistoryMessage[];
  has_more: boolean;
  limit: number;
}
