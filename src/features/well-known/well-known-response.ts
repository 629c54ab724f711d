import { requestSiteOrigin } from "@/lib/site-origin.server";
import { securityTxt } from "./security-txt";

const notFound = () =>
  new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** Answers /.well-known/{path}: the files we publish, and a bare 404 (no page render) for the rest. */
export async function wellKnownResponse(segments: string[]): Promise<Response> {
  const path = segments.join("/");
  if (path === "security.txt") {
    return new Response(securityTxt(await requestSiteOrigin()), {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  }
  return notFound();
}
