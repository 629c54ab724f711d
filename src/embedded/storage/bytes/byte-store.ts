import type { Readable } from "node:stream";

export interface WrittenFile {
  /** New version id; the bytes are stored under it once `write` returns. */
  version: string;
  size: number;
  /** Quoted md5 hex, ready for an `ETag` header. */
  etag: string;
}

/**
 * Where object bytes live, one immutable blob per object version (a fresh uuid per upload or copy).
 * The database rows (storage.objects) say which version is current; this store only keeps bytes, so
 * signed URLs, transforms, ranges and quotas work the same on every implementation.
 */
export interface ObjectByteStore {
  init(): Promise<void>;
  /**
   * Stores `source` as a new version, counting bytes and hashing as it goes; aborts with
   * EntityTooLarge as soon as more than `maxBytes` arrived. Nothing is left behind on failure.
   */
  write(source: AsyncIterable<Uint8Array> | Readable, maxBytes: number): Promise<WrittenFile>;
  /** Copies a stored version to a new version (for `copy`). */
  duplicate(version: string): Promise<string>;
  /** The bytes of a version (or an inclusive byte range of them); NoSuchKey when they are gone. */
  read(version: string, range?: { start: number; end: number }): Promise<Readable>;
  exists(version: string): Promise<boolean>;
  remove(versions: Iterable<string>): Promise<void>;
}
