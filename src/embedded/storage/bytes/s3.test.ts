import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3Server, type TestS3Server } from "../../../../test/s3-server";
import { S3Store } from "./s3";

let s3: TestS3Server;
let spool: string;
beforeAll(async () => {
  s3 = await startTestS3Server();
  spool = await mkdtemp(path.join(tmpdir(), "s3-store-test-"));
});
afterAll(async () => {
  await s3.close();
  await rm(spool, { recursive: true, force: true });
});

describe("S3Store", () => {
  it("writes, reads ranges, duplicates and removes object versions", async () => {
    const store = new S3Store(s3.config, path.join(spool, "a"));
    await store.init();
    const written = await store.write(Readable.from([Buffer.from("hello "), Buffer.from("world")]), 100);
    expect(written).toMatchObject({ size: 11, etag: '"5eb63bbbe01eeed093cb22bb8f5acdc3"' });
    expect(await text(await store.read(written.version, { start: 6, end: 10 }))).toBe("world");
    const copy = await store.duplicate(written.version);
    expect(await text(await store.read(copy))).toBe("hello world");
    await store.remove([written.version, copy]);
    expect(await store.exists(copy)).toBe(false);
    await expect(store.read(copy)).rejects.toMatchObject({ code: "NoSuchKey" });
    expect(await s3.countObjects()).toBe(0);
  });

  it("refuses an upload past its limit before anything reaches the bucket", async () => {
    const store = new S3Store(s3.config, path.join(spool, "b"));
    await store.init();
    await expect(store.write(Readable.from([Buffer.alloc(10)]), 5)).rejects.toMatchObject({ code: "EntityTooLarge" });
    expect(await s3.countObjects()).toBe(0);
  });

  it("is refused by a server that checks signatures when the secret is wrong", async () => {
    const store = new S3Store({ ...s3.config, secretAccessKey: "wrong" }, path.join(spool, "c"));
    await store.init();
    await expect(store.write(Readable.from([Buffer.from("x")]), 5)).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
  });
});
