import { discardRest } from "@/lib/api/capped-body";
import type { ObjectByteStore, WrittenFile } from "./bytes";
import { storageErrors } from "./errors";
import { assertMimeAllowed } from "./limits";
import { multipartBoundary, readMultipart } from "./multipart";
import type { ObjectContent } from "./object-store";

export interface UploadRules {
  maxBytes: number;
  allowedMimeTypes: string[] | null;
}

const EMPTY_FOLDER_PLACEHOLDER = ".emptyFolderPlaceholder";

/** `cacheControl` form field (seconds) → header value, as Storage stores it. */
function cacheControlFromField(value: string | undefined): string {
  if (value === undefined || value === "") return "no-cache";
  return /^\d+$/.test(value) ? `max-age=${value}` : value;
}

function parseMetadata(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    throw storageErrors.invalidRequest("Invalid metadata");
  }
}

function metadataHeader(request: Request): Record<string, unknown> | null {
  const header = request.headers.get("x-metadata");
  return header ? parseMetadata(Buffer.from(header, "base64").toString("utf8")) : null;
}

/**
 * The body chunk by chunk. Stopped early (a refused type, a size cut), the rest of a moderate body
 * is drained rather than cancelled (lib/api/capped-body.ts: so the browser reads our error instead of
 * a reset), and never cancelled during a pending read — Readable.fromWeb reads ahead and cancelled
 * with a read pending, which undici's request streams answer with an uncaught "ReadableStream is
 * already closed".
 */
async function* bodyStream(request: Request): AsyncGenerator<Uint8Array> {
  if (!request.body) return;
  const reader = request.body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) discardRest(reader, Number(request.headers.get("content-length") ?? Number.NaN));
  }
}

/**
 * Streams an upload body (raw bytes, or the file part of `multipart/form-data` as browsers send it) to
 * the byte store, enforcing the size limit while bytes arrive and the bucket's mime types.
 */
export async function receiveUpload(
  request: Request,
  key: string,
  bytes: ObjectByteStore,
  rules: UploadRules,
): Promise<{ written: WrittenFile; content: ObjectContent }> {
  const placeholder = key.endsWith(EMPTY_FOLDER_PLACEHOLDER);
  const maxBytes = placeholder ? 0 : rules.maxBytes;
  const allowed = placeholder ? null : rules.allowedMimeTypes;
  const boundary = multipartBoundary(request.headers.get("content-type") ?? undefined);

  if (!boundary) {
    const mimeType = request.headers.get("content-type") || "application/octet-stream";
    assertMimeAllowed(mimeType, allowed);
    const declared = Number(request.headers.get("content-length") ?? Number.NaN);
    if (declared > maxBytes) throw storageErrors.entityTooLarge();
    const written = await bytes.write(bodyStream(request), maxBytes);
    const cacheControl = request.headers.get("cache-control") || "no-cache";
    return { written, content: { ...written, mimeType, cacheControl, userMetadata: metadataHeader(request) } };
  }

  const fields = new Map<string, string>();
  let fileType: string | undefined;
  let sawFile = false;
  // The first part with a filename (storage-js names it "") is the file; text parts are form fields.
  async function* fileBytes(): AsyncGenerator<Buffer> {
    let current: "file" | { field: string; chunks: Buffer[]; size: number } | "skip" = "skip";
    for await (const event of readMultipart(bodyStream(request), boundary!)) {
      if (event.kind === "part") {
        if (event.filename !== undefined && !sawFile) {
          sawFile = true;
          fileType = fields.get("contentType") || event.contentType || "application/octet-stream";
          assertMimeAllowed(fileType, allowed);
          current = "file";
        } else if (event.filename === undefined) {
          current = { field: event.name, chunks: [], size: 0 };
        } else {
          current = "skip";
        }
      } else if (event.kind === "data") {
        if (current === "file") yield event.chunk;
        else if (current !== "skip") {
          current.size += event.chunk.length;
          if (current.size > 1024 * 1024) throw storageErrors.invalidRequest("Form field too large");
          current.chunks.push(event.chunk);
        }
      } else if (typeof current === "object") {
        fields.set(current.field, Buffer.concat(current.chunks).toString("utf8"));
      }
    }
  }

  const written = await bytes.write(fileBytes(), maxBytes);
  try {
    if (!sawFile) throw storageErrors.invalidRequest("No content provided");
    const mimeType = fields.get("contentType") || fileType!;
    assertMimeAllowed(mimeType, allowed);
    const content: ObjectContent = {
      ...written,
      mimeType,
      cacheControl: cacheControlFromField(fields.get("cacheControl")),
      userMetadata: parseMetadata(fields.get("metadata")) ?? metadataHeader(request),
    };
    return { written, content };
  } catch (error) {
    await bytes.remove([written.version]);
    throw error;
  }
}
