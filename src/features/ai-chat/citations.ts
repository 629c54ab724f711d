import type { Citation } from "./types";

/** `retriever_resources[]` (message_end metadata, GET messages) as the page's citations (reference §6.4). */
export function citationsFrom(resources: unknown): Citation[] | undefined {
  if (!Array.isArray(resources)) return undefined;
  const citations = resources.flatMap((resource: unknown, index): Citation[] => {
    if (typeof resource !== "object" || resource === null) return [];
    const item = resource as Record<string, unknown>;
    const content = typeof item.content === "string" ? item.content : "";
    const documentName = typeof item.document_name === "string" ? item.document_name : "";
    if (!content && !documentName) return [];
    return [
      {
        position: typeof item.position === "number" ? item.position : index + 1,
        datasetName: typeof item.dataset_name === "string" ? item.dataset_name : "",
        documentName: documentName || "未命名文档",
        segmentId: typeof item.segment_id === "string" && item.segment_id ? item.segment_id : `${index}`,
        score: typeof item.score === "number" && Number.isFinite(item.score) ? item.score : null,
        content,
        ...whereFrom(item),
      },
    ];
  });
  return citations.length ? citations : undefined;
}

/** Where a model app's source is: a link only to http(s) (a `javascript:` address is dropped), a page, a section. */
function whereFrom(item: Record<string, unknown>): Pick<Citation, "url" | "page" | "section"> {
  const where: Pick<Citation, "url" | "page" | "section"> = {};
  if (typeof item.url === "string" && /^https?:\/\//i.test(item.url)) where.url = item.url;
  if (typeof item.page === "number" && Number.isInteger(item.page) && item.page > 0) where.page = item.page;
  if (typeof item.section === "string" && item.section) where.section = item.section;
  return where;
}
