import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { storageErrors } from "../errors";
import type { ObjectByteStore, WrittenFile } from "./byte-store";
import { removeUnlessHeld } from "./removal-hold";
import { spoolToFile } from "./spool";

/**
 * Object bytes on local disk, one file per object version: `objects/<2 hex>/<version>`. Names never
 * come from the client, so keys cannot escape the root. Writes go to `tmp/` first and are renamed into
 * place (atomic on one filesystem), so readers never see half a file.
 */
export class DiskStore implements ObjectByteStore {
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

  async write(source: AsyncIterable<Uint8Array> | Readable, maxBytes: number): Promise<WrittenFile> {
    const version = randomUUID();
    const tmp = path.join(this.tmpDir, version);
    const { size, etag } = await spoolToFile(source, tmp, maxBytes);
    try {
      const final = this.pathOf(version);
      await mkdir(path.dirname(final), { recursive: true });
      await rename(tmp, final);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return { version, size, etag };
  }

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

  async read(version: string, range?: { start: number; end: number }): Promise<Readable> {
    if (!(await this.exists(version))) throw storageErrors.noSuchKey();
    return createReadStream(this.pathOf(version), range);
  }

  async exists(version: string): Promise<boolean> {
    return stat(this.pathOf(version)).then(
      () => true,
      () => false,
    );
  }

  /** Held back while a backup of the running app copies the files (removal-hold.ts). */
  async remove(versions: Iterable<string>): Promise<void> {
    const files = [...versions].map((version) => this.pathOf(version));
    await removeUnlessHeld(async () => {
      await Promise.all(files.map((file) => rm(file, { force: true })));
    });
  }
}
