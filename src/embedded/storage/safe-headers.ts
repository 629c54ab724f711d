import { essenceOf } from "./limits";

/**
 * Types a browser shows inline without running anything of the file's: raster images, audio/video and
 * plain text. Everything else (HTML, SVG, XML, JS, PDF — whose viewers may run script — and anything
 * unknown) is sent as a download, so a user's upload can never become a page on the origin serving it.
 */
const INLINE_SAFE_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "image/x-icon",
  "image/vnd.microsoft.icon",
  "text/plain",
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "audio/webm",
  "video/mp4",
  "video/webm",
  "video/ogg",
]);

export function isInlineSafe(contentType: string): boolean {
  return INLINE_SAFE_TYPES.has(essenceOf(contentType));
}

/**
 * Headers on every object response: no MIME sniffing (an image stays an image even if its bytes look
 * like HTML), and a CSP that gives a document opened from storage no script, no requests and a unique
 * opaque origin (so it can read no cookie or storage of the origin serving it).
 */
export const OBJECT_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  "Cross-Origin-Resource-Policy": "cross-origin",
};

/** `attachment` for a type that is not inline-safe; undefined when it may be shown inline. */
export function forcedDisposition(contentType: string, fileName: string): string | undefined {
  if (isInlineSafe(contentType)) return undefined;
  const encoded = encodeURIComponent(fileName);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}
