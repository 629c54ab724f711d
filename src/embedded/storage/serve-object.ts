import { Readable } from "node:stream";
import type { Context } from "hono";
import type { ObjectByteStore } from "./bytes";
import { storageErrors } from "./errors";
import type { StoredObject } from "./object-store";
import { forcedDisposition, OBJECT_SECURITY_HEADERS } from "./safe-headers";

/** `Content-Disposition` for `?download` (attachment) and `?download=<name>` (attachment with a name). */
export function contentDisposition(download: string | undefined, key: string): string | undefined {
  if (download === undefined) return undefined;
  let name = download || key.slice(key.lastIndexOf("/") + 1);
  // storage-js percent-encodes the name and then `encodeURI`s the whole URL, so it arrives encoded once more.
  if (/%[0-9a-f]{2}/i.test(name)) {
    try {
      name = decodeURIComponent(name);
    } catch {
      // not an encoding after all: keep it as sent
    }
  }
  const encoded = encodeURIComponent(name);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}

/** Parses a single `bytes=a-b` / `bytes=a-` / `bytes=-n` range; undefined for none, null for unsatisfiable. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined; // multi-range etc.: serve everything
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? null : { start, end };
}

export function objectHeaders(object: StoredObject) {
  return {
    "Content-Type": object.mimeType,
    ETag: object.etag,
    "Last-Modified": object.updatedAt.toUTCString(),
    "Cache-Control": object.cacheControl,
    "Accept-Ranges": "bytes",
    "X-Robots-Tag": "none",
    ...OBJECT_SECURITY_HEADERS,
  };
}

/** Streams an object from its byte store with Storage's download headers, conditional requests and ranges. */
export async function serveObject(
  c: Context,
  bytes: ObjectByteStore,
  object: StoredObject,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  if (!(await bytes.exists(object.version))) throw storageErrors.noSuchKey();
  const headers = new Headers({ ...objectHeaders(object), ...extraHeaders });
  const disposition =
    contentDisposition(c.req.query("download"), object.name) ??
    forcedDisposition(object.mimeType, object.name.slice(object.name.lastIndexOf("/") + 1));
  if (disposition) headers.set("Content-Disposition", disposition);

  const ifNoneMatch = c.req.header("if-none-match");
  const ifModifiedSince = c.req.header("if-modified-since");
  const notModified = ifNoneMatch
    ? ifNoneMatch.split(",").some((tag) => tag.trim() === object.etag || tag.trim() === "*")
    : ifModifiedSince !== undefined &&
      Math.floor(object.updatedAt.getTime() / 1000) <= Math.floor(Date.parse(ifModifiedSince) / 1000);
  if (notModified) return new Response(null, { status: 304, headers });

  const range = parseRange(c.req.header("range"), object.size);
  if (range === null) {
    headers.set("Content-Range", `bytes */${object.size}`);
    throw storageErrors.invalidRange();
  }
  const length = range ? range.end - range.start + 1 : object.size;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${object.size}`);
  const status = range ? 206 : 200;
  if (c.req.method === "HEAD") return new Response(null, { status, headers });
  const stream = Readable.toWeb(await bytes.read(object.version, range)) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}
