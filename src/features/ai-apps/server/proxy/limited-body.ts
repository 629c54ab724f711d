import { jsonError } from "./errors";

/**
 * Reads a multipart body of at most `maxBytes` into a FormData. A larger Content-Length is refused
 * unread; a body without one (chunked) is counted while it streams and cut at the cap, so an
 * oversized upload never sits in memory whole. Answers 413 with `tooLargeMessage`, 400 for a body
 * that is not multipart.
 */
export async function readFormWithin(request: Request, maxBytes: number, tooLargeMessage: string): Promise<FormData | Response> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return jsonError(413, tooLargeMessage);
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) return jsonError(400, "请用 multipart/form-data 上传文件");
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return jsonError(413, tooLargeMessage);
      }
      chunks.push(value);
    }
  } catch {
    return jsonError(400, "上传中断，请重试");
  }
  try {
    return await new Response(new Blob(chunks as BlobPart[]), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return jsonError(400, "请用 multipart/form-data 上传文件");
  }
}
