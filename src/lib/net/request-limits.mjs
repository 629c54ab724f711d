// @ts-check
/**
 * How long and how big a request may be, by path. Uploads to storage get a long time and no size
 * cap here (the storage service enforces the bucket's file-size limit while streaming); everything
 * else is small JSON or a page, so a slow or oversized body is an attack, not a visitor.
 */

export const DEFAULT_LIMITS = Object.freeze({
  /** All request headers must arrive within this (slowloris). */
  headersTimeoutMs: 10_000,
  /** A non-upload request's body must arrive within this. */
  bodyTimeoutMs: 15_000,
  /** An upload's whole request must arrive within this. */
  uploadTimeoutMs: 60 * 60_000,
  /** Largest non-upload body (Content-Length, or bytes read for chunked bodies). */
  maxBodyBytes: 1024 * 1024,
});

/** @typedef {{ headersTimeoutMs: number, bodyTimeoutMs: number, uploadTimeoutMs: number, maxBodyBytes: number }} RequestLimits */

// JSON routes under /storage/v1/object/ (storage routes/objects-*.ts): sign, list, move, copy, and
// POST …/upload/sign/… (asks for a signed upload URL). The bytes go to PUT …/upload/sign/… and to
// POST/PUT /storage/v1/object/{bucket}/{path}; /storage/v1/upload/… is the resumable (TUS) endpoint.
const STORAGE_JSON = /^\/storage\/v1\/object\/(?:list|list-v2|move|copy|sign)(?:\/|$)/;
const SIGNED_UPLOAD = /^\/storage\/v1\/object\/upload\/sign\//;
// The AI proxy's multipart uploads (chat files, voice recordings): the proxy caps them itself while
// streaming, by the app's limits (up to 100 MB for video, 10 MB for a recording; proxy/limited-body.ts).
const AI_PROXY_UPLOAD = /^\/api\/ai\/dify\/(?:files\/upload|audio-to-text)$/;
// 知识库 documents and files attached to a model-app chat (features/knowledge): the routes cap the body
// themselves by the user's plan (up to 100 MB a file) before parsing the form.
const KNOWLEDGE_UPLOAD = /^\/api\/(?:admin\/)?knowledge\/(?:documents|bases\/[^/]+\/documents)$/;

/**
 * Whether a request carries file bytes (to storage, or through the AI proxy to an app). The path is normalized as Next.js and Hono
 * will route it (dot segments, `%2e`), so `/storage/v1/object/../../../api/x` is not an upload.
 * @param {string | undefined} method
 * @param {string | undefined} url the request target as received
 */
export function isUploadRequest(method, url) {
  if (method !== "POST" && method !== "PUT" && method !== "PATCH") return false;
  let path;
  try {
    path = new URL(url ?? "/", "http://localhost").pathname;
  } catch {
    return false;
  }
  if (path.startsWith("/storage/v1/upload/")) return true;
  if (AI_PROXY_UPLOAD.test(path)) return method === "POST";
  if (KNOWLEDGE_UPLOAD.test(path)) return method === "POST";
  if (!path.startsWith("/storage/v1/object/")) return false;
  if (SIGNED_UPLOAD.test(path)) return method === "PUT";
  return !STORAGE_JSON.test(path) && method !== "PATCH";
}
