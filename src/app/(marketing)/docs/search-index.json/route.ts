import { buildSearchIndex } from "@/features/content/server";

export const dynamic = "force-static";

/** /docs/search-index.json: the offline search index, generated at build time. */
export function GET() {
  return Response.json(buildSearchIndex());
}
