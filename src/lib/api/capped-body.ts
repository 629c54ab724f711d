/**
 * The one size-capped reader of request bodies that must be held in memory (multipart uploads that
 * go on upstream as a FormData). Over the cap by Content-Length: refused unread; without one
 * (chunked): counted while it streams and cut at the cap. Every body held counts against a budget
 * for the whole process, so many parallel uploads cannot together exhaust memory.
 *
 * A refused body of a declared, moderate length is not cancelled at once: cancelling the request
 * stream makes Node destroy the socket, and a client still writing its body sees a reset connection
 * instead of our 413. Its rest is read and thrown away in the background (bounded in time), then the
 * stream is cancelled. A longer or endless (chunked) one is cut off at once. Either way it is
 * cancelled between reads, never with one pending (undici's request streams throw "ReadableStream is
 * already closed" from a microtask when cancelled during a pending read).
 */

/** Bytes of request bodies held in memory by the whole process. */
export class MemoryBudget {
  held = 0;
  constructor(public limit: number) {}

  take(bytes: number): boolean {
    if (this.held + bytes > this.limit) return false;
    this.held += bytes;
    return true;
  }

  give(bytes: number): void {
    this.held = Math.max(0, this.held - bytes);
  }
}

/** All uploads together (each is at most its app's limit, up to 100 MB). */
export const uploadMemoryBudget = new MemoryBudget(256 * 1024 * 1024);

/** Refused bodies declared up to this long are drained so the client reads our answer. */
const DISCARD_MAX_BYTES = 32 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

export type CappedBody =
  | { ok: true; chunks: Uint8Array[]; size: number; release: () => void }
  | { ok: false; reason: "too-large" | "busy" | "interrupted" };

/** Reads `request`'s body if it is at most `maxBytes` and fits in `budget`. */
export async function readCappedBody(request: Request, maxBytes: number, budget: MemoryBudget = uploadMemoryBudget): Promise<CappedBody> {
  const body = request.body;
  if (!body) return { ok: true, chunks: [], size: 0, release: () => undefined };
  const declaredHeader = request.headers.get("content-length");
  const declared = declaredHeader === null ? undefined : Number(declaredHeader);
  if (declared !== undefined && !(declared <= maxBytes)) {
    discardRest(body.getReader(), declared);
    return { ok: false, reason: "too-large" };
  }
  let reserved = 0;
  const release = () => {
    budget.give(reserved);
    reserved = 0;
  };
  // A declared length is reserved before the first byte is read.
  if (declared !== undefined) {
    if (!budget.take(declared)) {
      discardRest(body.getReader(), declared);
      return { ok: false, reason: "busy" };
    }
    reserved = declared;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      release();
      return { ok: false, reason: "interrupted" };
    }
    if (read.done) break;
    size += read.value.byteLength;
    if (size > maxBytes) {
      release();
      discardRest(reader, declared);
      return { ok: false, reason: "too-large" };
    }
    if (size > reserved) {
      if (!budget.take(size - reserved)) {
        release();
        discardRest(reader, declared);
        return { ok: false, reason: "busy" };
      }
      reserved = size;
    }
    chunks.push(read.value);
  }
  return { ok: true, chunks, size, release };
}

/**
 * Reads and drops the rest of a refused body declared at most DISCARD_MAX_BYTES long (for at most
 * DISCARD_MAX_MS), then cancels it; cancels any other at once. Never cancels during a pending read.
 */
export function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, declared?: number): void {
  void (async () => {
    const until = Date.now() + DISCARD_MAX_MS;
    let dropped = 0;
    const drain = declared !== undefined && declared <= DISCARD_MAX_BYTES;
    try {
      while (drain && dropped <= DISCARD_MAX_BYTES && Date.now() < until) {
        const { done, value } = await reader.read();
        if (done) return;
        dropped += value.byteLength;
      }
      await reader.cancel();
    } catch {
      // the client went away: nothing left to drop
    }
  })();
}

/**
 * A small body held whole (JSON, a form-encoded notification) as UTF-8 text, or null when it is over
 * `maxBytes`, does not fit in `budget` or was cut off: the callers answer those alike.
 */
export async function readCappedText(request: Request, maxBytes: number, budget: MemoryBudget = uploadMemoryBudget): Promise<string | null> {
  const body = await readCappedBody(request, maxBytes, budget);
  if (!body.ok) return null;
  try {
    return Buffer.concat(body.chunks).toString("utf8");
  } finally {
    body.release();
  }
}
