import type { ExtractedDocument } from "./types";

/** Plain text: UTF-8 (a byte-order mark dropped), one part. */
export function extractText(bytes: Uint8Array): ExtractedDocument {
  const text = new TextDecoder("utf-8").decode(bytes);
  return { parts: [{ text }], pages: 1 };
}
