import { pagePathOfOgKey } from "@/features/marketing";
import { listSitePages, renderOgImage, siteUrl } from "@/features/marketing/server";

type Context = { params: Promise<{ key: string[] }> };

// One Open Graph image per marketing page, drawn at build time; no others exist.
export const dynamicParams = false;

export function generateStaticParams() {
  return listSitePages().map((page) => ({ key: page.path === "/" ? ["home"] : page.path.slice(1).split("/") }));
}

export async function GET(_request: Request, { params }: Context) {
  const path = pagePathOfOgKey((await params).key);
  const page = listSitePages().find((candidate) => candidate.path === path);
  if (!page) return new Response("Not Found", { status: 404 });
  return renderOgImage(page, new URL(siteUrl()).host);
}
