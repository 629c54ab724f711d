import { pbkdf2 } from "node:crypto";
import { readFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spoolToFile } from "./spool";

const dir = await mkdtemp(path.join(tmpdir(), "spool-test-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function* chunks(...sizes: number[]) {
  for (const size of sizes) yield Buffer.alloc(size, 1);
}

describe("spoolToFile", () => {
  it("writes the bytes and returns their size and md5 ETag", async () => {
    const file = path.join(dir, "ok");
    expect(await spoolToFile(chunks(3, 2), file, 10)).toEqual({ size: 5, etag: '"2f4401f2ce3be3d8b3624f9c7aa806d9"' });
    expect(await readFile(file)).toEqual(Buffer.alloc(5, 1));
  });

  it("leaves no file behind when a body is too large, even while the file is still being opened", async () => {
    for (let i = 0; i < 100; i++) {
      // A busy libuv thread delays the sink's open past the refusal: the race CI once lost.
      pbkdf2("spark", "salt", 20_000, 32, "sha256", () => undefined);
      await expect(spoolToFile(chunks(64 * 1024), path.join(dir, `big-${i}`), 1024)).rejects.toMatchObject({
        statusCode: 413,
      });
    }
    expect((await readdir(dir)).filter((name) => name.startsWith("big-"))).toEqual([]);
  });
});
