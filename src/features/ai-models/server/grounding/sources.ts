/**
 * Where a model app's answer gets its knowledge from (issue 37): sources are found before the provider
 * call by finders registered per kind. Finders live in the features that own the knowledge (knowledge
 * bases and attached documents in `features/knowledge`, web search in its own folder); the composition
 * root registers them at start-up, because those features sit above ai-models (they use its providers
 * for embeddings) and ai-models must not import them.
 */

/** One passage an answer may cite; shown with the chat page's 引用 UI (Dify's `retriever_resources`). */
export interface GroundingSource {
  kind: "knowledge" | "document" | "web";
  /** Knowledge base name, 「本次对话的文件」 or the search provider's name, shown above the passages. */
  datasetName: string;
  /** The document's name or the web page's title. */
  documentName: string;
  /** The passage itself, as sent to the model. */
  content: string;
  /** A stable id of the passage (chunk id, or the result's URL). */
  segmentId: string;
  /** Where the passage is: a page of a PDF, a heading of a document. */
  page?: number;
  section?: string;
  /** A web result's address (https only). */
  url?: string;
  /** Relevance in [0, 1] when the finder has one. */
  score: number | null;
}

export interface GroundingRequest {
  userId: string;
  appid: string;
  /** Null before the conversation's first answer is stored. */
  conversationId: string | null;
  query: string;
  /** What the user chose for this question (the chat page sends it; `/v1` may too). */
  choices: { knowledgeBaseIds: string[]; documentIds: string[]; webSearch: boolean };
  signal: AbortSignal;
}

/**
 * A finder's refusal the user should read (a rate limit, a search service that is down): the question is
 * answered with this Chinese message and `status` instead of a silent answer without the sources asked for.
 */
export class SourceRefused extends Error {
  constructor(
    message: string,
    readonly status: 429 | 502 = 429,
  ) {
    super(message);
    this.name = "SourceRefused";
  }
}

export type SourceFinder = (request: GroundingRequest) => Promise<GroundingSource[]>;

const finders = new Map<GroundingSource["kind"], SourceFinder>();

/** Called by the composition root; registering a kind again replaces its finder (tests do). */
export function registerSourceFinder(kind: GroundingSource["kind"], finder: SourceFinder): void {
  finders.set(kind, finder);
}

/** Every registered finder's sources for one question, in registration order (a failing finder throws). */
export async function findSources(request: GroundingRequest): Promise<GroundingSource[]> {
  const found = await Promise.all([...finders.values()].map((finder) => finder(request)));
  return found.flat();
}
