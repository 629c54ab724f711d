import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { storageErrors } from "./errors";

export interface WrittenFile {
  /** New version id; the bytes are at `pathOf(version)` once committed. */
  version: string;
  size: number;
  /** Quoted md5 hex, ready for an `ETag` header. */
  etag: string;
}

/**
 * Object bytes on local disk, one file per object version: `objects/<2 hex>/<version>`. Names never
 * come from the client, so keys cannot escape the root. Writes go to `tmp/` first and are renamed into
 * place (atomic on one filesystem), so readers never see half a file.
 */
export class DiskStore {
  private readonly objectsDir: string;
  private readonly tmpDir: string;

  constructor(rootDir: string) {
    this.objectsDir = path.join(rootDir, "objects");
    this.tmpDir = path.join(rootDir, "tmp");
  }

  async init(): Promise<void> {
    await mkdir(this.objectsDir, { recursive: true });
    await rm(this.tmpDir, { recursive: true, force: true }); // leftovers of interrupted uploads
    await mkdir(this.tmpDir, { recursive: true });
  }

  pathOf(version: string): string {
    return path.join(this.objectsDir, version.slice(0, 2), version);
  }

  /**
   * Streams `source` to a new version file, counting bytes and hashing as it goes; aborts with
   * EntityTooLarge as soon as more than `maxBytes` arrived. Nothing is left behind on failure.
   */
  async write(source: AsyncIterable<Uint8Array> | Readable, maxBytes: number): Promise<WrittenFile> {
    const version = randomUUID();
    const tmp = path.join(this.tmpDir, version);
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
    try {
      await pipeline(source, meter, createWriteStream(tmp, { flags: "wx" }));
      const final = this.pathOf(version);
      await mkdir(path.dirname(final), { recursive: true });
      await rename(tmp, final);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return { version, size, etag: `"${hash.digest("hex")}"` };
  }

  /** Copies a stored version to a new version (for `copy`). */
  async duplicate(version: string): Promise<string> {
    const copy = randomUUID();
    const tmp = path.join(this.tmpDir, copy);
    const final = this.pathOf(copy);
    try {
      await copyFile(this.pathOf(version), tmp);
      await mkdir(path.dirname(final), { recursive: true });
      await rename(tmp, final);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return copy;
  }

  read(version: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(version), range);
  }

  async exists(version: string): Promise<boolean> {
    return stat(this.pathOf(version)).then(
      () => true,
      () => false,
    );
  }

  async remove(versions: Iterable<string>): Promise<void> {
    await Promise.all([...versions].map((version) => rm(this.pathOf(version), { force: true })));
  }
}
