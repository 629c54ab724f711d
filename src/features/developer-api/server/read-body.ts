/**
 * Largest `/v1` request body, the same as server.mjs allows any body (src/lib/net/request-limits.mjs):
 * checked here too for servers without that front (`next dev`). ~300 000 Chinese characters.
 */
export const MAX_API_BODY_BYTES = 1024 * 1024;

export class BodyTooLarge extends Error {}

/**
 * The body as text, refused as soon as it passes the limit: a declared length says so at once, and a
 * chunked body is counted as it arrives, so a huge or endless upload is never buffered whole.
 */
export async function readLimitedText(request: Request, maxBytes = MAX_API_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyTooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
