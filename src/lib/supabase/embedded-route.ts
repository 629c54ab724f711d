import "server-only";
import { isEmbeddedSupabase } from "./connection";
import { getEmbeddedServices } from "./embedded-services";
import { visitorIp } from "./visitor-ip";

export const AUTH_CACHE_CONTROL = "private, no-store, no-transform";

/**
 * Route handler body for the mount points /auth/v1/* and /storage/v1/*: the embedded services answer
 * when no hosted project is configured; with SUPABASE_URL set these paths do not exist here.
 */
export async function answerEmbeddedServiceRequest(request: Request): Promise<Response> {
  if (!isEmbeddedSupabase()) {
    return Response.json({ statusCode: 404, message: "未启用内置服务" }, { status: 404 });
  }
  const { gateway } = await getEmbeddedServices();
  // The browser's own calls: the auth service counts them by the IP Next.js / the proxy recorded.
  const response = await gateway.fetch(request, { clientIp: visitorIp(request.headers) });
  // Auth answers carry sessions: no shared cache may keep them. Nor are they compressed (no-transform
  // turns off Next.js's gzip): tokens compressed beside reflected input are what BREACH reads, and
  // gzip was a tenth of the server's CPU on GET /auth/v1/user, for answers of a kilobyte or two.
  if (new URL(request.url).pathname.startsWith("/auth/v1/") && !response.headers.has("Cache-Control")) {
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", AUTH_CACHE_CONTROL);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  return response;
}
