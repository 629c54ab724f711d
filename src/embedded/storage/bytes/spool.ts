import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { storageErrors } from "../errors";

/**
 * Streams `source` into a new local file `file`, counting bytes and hashing as it goes; aborts with
 * EntityTooLarge as soon as more than `maxBytes` arrived and removes the file on any failure.
 * Returns the size and the quoted md5 hex (an `ETag`).
 */
export async function spoolToFile(
  source: AsyncIterable<Uint8Array> | Readable,
  file: string,
  maxBytes: number,
): Promise<{ size: number; etag: string }> {
  const hash = createHash("md5");
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(storageErrors.entityTooLarge());
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const sink = createWriteStream(file, { flags: "wx" });
  try {
    await pipeline(source, meter, sink);
  } catch (error) {
    // pipeline rejects on the first error, possibly before the sink has finished opening the file:
    // removing it then would race the open and leave the file behind, so wait for the sink to close.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once("close", () => resolve()));
    await rm(file, { force: true });
    throw error;
  }
  return { size, etag: `"${hash.digest("hex")}"` };
}
