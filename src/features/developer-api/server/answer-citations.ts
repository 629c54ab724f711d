/**
 * `/v1` addition (documented in content/docs, 开发者 API): the sources a model app's answer was given
 * (knowledge bases, documents, 联网搜索), from the proxy's `message_end.metadata.retriever_resources`,
 * as `citations` on the chat completion and on the last chunk of a stream. `index` is the number the
 * answer cites as [1], [2] ….
 */
export interface ApiCitation {
  index: number;
  title: string;
  source: string;
  content: string;
  url?: string;
  page?: number;
  section?: string;
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

export function citationsOf(resources: unknown): ApiCitation[] {
  if (!Array.isArray(resources)) return [];
  return resources.flatMap((resource: unknown, position): ApiCitation[] => {
    if (typeof resource !== "object" || resource === null) return [];
    const item = resource as Record<string, unknown>;
    return [
      {
        index: typeof item.position === "number" ? item.position : position + 1,
        title: str(item.document_name),
        source: str(item.dataset_name),
        content: str(item.content),
        ...(typeof item.url === "string" && /^https?:\/\//i.test(item.url) ? { url: item.url } : {}),
        ...(typeof item.page === "number" ? { page: item.page } : {}),
        ...(typeof item.section === "string" && item.section ? { section: item.section } : {}),
      },
    ];
  });
}
