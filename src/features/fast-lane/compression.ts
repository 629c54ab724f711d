/**
 * gzip for the fast lane's JSON answers (conversation lists, message histories), as Next.js's own
 * compression does for what it serves. Not for event streams: each event is flushed on its own, so
 * gzip would cost CPU on every event of every chat for little gain, and a reverse proxy can do it.
 * Not for answers marked no-transform (the auth service's: tokens compressed beside reflected input
 * are what BREACH reads).
 */
const SMALLEST_COMPRESSED_BYTES = 1024;

function acceptsGzip(request: Request): boolean {
  const accepted = request.headers.get("accept-encoding") ?? "";
  return accepted.split(",").some((entry) => {
    const [coding, ...parameters] = entry.trim().toLowerCase().split(";");
    return coding === "gzip" && !parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
  });
}

export function compressedForClient(request: Request, response: Response): Response {
  const headers = response.headers;
  // Errors are a few bytes of {statusCode, message}, with no length to tell.
  if (response.status !== 200 || !response.body || !acceptsGzip(request)) return response;
  if (!(headers.get("content-type") ?? "").startsWith("application/json")) return response;
  if (headers.has("content-encoding") || /no-transform/i.test(headers.get("cache-control") ?? "")) return response;
  const length = headers.get("content-length");
  if (length !== null && Number(length) < SMALLEST_COMPRESSED_BYTES) return response;
  const compressedHeaders = new Headers(headers);
  compressedHeaders.set("Content-Encoding", "gzip");
  compressedHeaders.append("Vary", "Accept-Encoding");
  compressedHeaders.delete("Content-Length");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), {
    status: response.status,
    statusText: response.statusText,
    headers: compressedHeaders,
  });
}
