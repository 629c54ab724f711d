import { discardRest, readCappedBody } from "@/lib/api/capped-body";
import { jsonError } from "./errors";

export const UPLOADS_BUSY_MESSAGE = "服务器正在处理很多上传，请稍后重试";

/** Requests whose body `readFormWithin` holds → what gives those bytes back to the upload budget. */
const heldBodies = new WeakMap<Request, () => void>();

/**
 * Reads a multipart body of at most `maxBytes` into a FormData (lib/api/capped-body: refused unread
 * by Content-Length, cut off while streaming, counted against the process's upload memory budget).
 * Answers 413 with `tooLargeMessage`, 503 when the budget is spent, 400 for a body that is not
 * multipart. The bytes stay counted until `releaseRequestBody(request)`: once the form went upstream.
 */
export async function readFormWithin(request: Request, maxBytes: number, tooLargeMessage: string): Promise<FormData | Response> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) {
    if (request.body) discardRest(request.body.getReader(), Number(request.headers.get("content-length") ?? Number.NaN));
    return jsonError(400, "请用 multipart/form-data 上传文件");
  }
  const body = await readCappedBody(request, maxBytes);
  if (!body.ok) {
    if (body.reason === "too-large") return jsonError(413, tooLargeMessage);
    if (body.reason === "busy") return jsonError(503, UPLOADS_BUSY_MESSAGE, { headers: { "Retry-After": "5" } });
    return jsonError(400, "上传中断，请重试");
  }
  try {
    const form = await new Response(new Blob(body.chunks as BlobPart[]), { headers: { "Content-Type": contentType } }).formData();
    heldBodies.set(request, body.release);
    return form;
  } catch {
    body.release();
    return jsonError(400, "请用 multipart/form-data 上传文件");
  }
}

/** Gives the request's body bytes back to the upload budget (idempotent; no-op for other requests). */
export function releaseRequestBody(request: Request): void {
  heldBodies.get(request)?.();
  heldBodies.delete(request);
}
