import { storageErrors } from "./errors";

export type MultipartEvent =
  | { kind: "part"; name: string; filename: string | undefined; contentType: string | undefined }
  | { kind: "data"; chunk: Buffer }
  | { kind: "end" };

const MAX_HEADER_BYTES = 16 * 1024;

/** The boundary of a `multipart/form-data` content type, or undefined when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return undefined;
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

function parsePartHeaders(block: string): Extract<MultipartEvent, { kind: "part" }> {
  let name = "";
  let filename: string | undefined;
  let contentType: string | undefined;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-type") contentType = value;
    if (header === "content-disposition") {
      name = /\bname="([^"]*)"/i.exec(value)?.[1] ?? "";
      filename = /\bfilename="([^"]*)"/i.exec(value)?.[1];
    }
  }
  return { kind: "part", name, filename, contentType };
}

/**
 * A streaming `multipart/form-data` reader: yields each part's headers, then its bytes in chunks, then
 * its end — never holding more than one network chunk plus a boundary in memory, so large file parts
 * can be piped straight to disk.
 */
export async function* readMultipart(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
): AsyncGenerator<MultipartEvent> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // A leading CRLF lets the first boundary (which has none before it) match the same delimiter.
  let buffer: Buffer = Buffer.from("\r\n");
  let state = "preamble" as "preamble" | "boundary" | "headers" | "body" | "done";

  const step = function* (): Generator<MultipartEvent> {
    for (;;) {
      if (state === "preamble") {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length));
          return;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = "boundary";
      } else if (state === "boundary") {
        if (buffer.length < 2) return;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "done";
          return;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return; // transport padding may follow the boundary
        buffer = buffer.subarray(eol + 2);
        state = "headers";
      } else if (state === "headers") {
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw storageErrors.invalidRequest("Malformed multipart body");
          return;
        }
        yield parsePartHeaders(buffer.subarray(0, end).toString("utf8"));
        buffer = buffer.subarray(end + 4);
        state = "body";
      } else if (state === "body") {
        const at = buffer.indexOf(delimiter);
        if (at >= 0) {
          if (at > 0) yield { kind: "data", chunk: buffer.subarray(0, at) };
          yield { kind: "end" };
          buffer = buffer.subarray(at + delimiter.length);
          state = "boundary";
          continue;
        }
        // Keep a possible partial delimiter at the tail; everything before it is part data.
        const safe = buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          yield { kind: "data", chunk: buffer.subarray(0, safe) };
          buffer = buffer.subarray(safe);
        }
        return;
      } else {
        return;
      }
    }
  };

  for await (const chunk of body) {
    if (state === "done") continue; // epilogue
    buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
    yield* step();
  }
  if (state !== "done") throw storageErrors.invalidRequest("Malformed multipart body");
}
