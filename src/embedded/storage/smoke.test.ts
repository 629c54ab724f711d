import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testTargetKinds } from "../../../test/database-targets";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).length;
}

// The main suites run on PGlite; this covers the essentials on every database target.
describe.each(testTargetKinds())("storage on %s", (kind) => {
  let bed: StorageTestbed;
  beforeAll(async () => {
    bed = await startStorageTestbed(kind);
  });
  afterAll(() => bed.close());

  it("uploads, lists, upserts, moves, signs and removes, leaving no stray files on disk", async () => {
    const files = bed.userA.storage.from("files");
    const key = `${bed.idA}/docs/a.txt`;
    expect((await files.upload(key, "one")).error).toBeNull();
    expect((await files.upload(key, "two", { upsert: true })).error).toBeNull();
    expect((await files.list(`${bed.idA}/docs`)).data!.map((item) => item.name)).toEqual(["a.txt"]);
    expect((await files.listV2({ prefix: `${bed.idA}/` })).data!.objects).toHaveLength(1);
    expect((await files.move(key, `${bed.idA}/b.txt`)).error).toBeNull();
    expect((await files.copy(`${bed.idA}/b.txt`, `${bed.idA}/c.txt`)).error).toBeNull();
    const signed = await files.createSignedUrl(`${bed.idA}/b.txt`, 60);
    expect(await (await bed.root.fetch(new Request(signed.data!.signedUrl))).text()).toBe("two");
    expect((await bed.userB.storage.from("files").download(`${bed.idA}/b.txt`)).error).toMatchObject({ statusCode: "404" });

    const objectsDir = path.join(bed.rootDir, "objects");
    expect(await countFiles(objectsDir)).toBe(2);
    expect(await countFiles(path.join(bed.rootDir, "tmp"))).toBe(0);
    expect((await files.remove([`${bed.idA}/b.txt`, `${bed.idA}/c.txt`])).data).toHaveLength(2);
    expect(await countFiles(objectsDir)).toBe(0);
  });

  it("enforces limits and bucket management", async () => {
    const tooBig = await bed.userA.storage
      .from("avatars")
      .upload(`${bed.idA}/big.png`, new Blob([Buffer.alloc(3 * 1024 * 1024)], { type: "image/png" }));
    expect(tooBig.error).toMatchObject({ statusCode: "413" });
    expect(await countFiles(path.join(bed.rootDir, "tmp"))).toBe(0);
    expect((await bed.service.storage.createBucket("temp", { public: true })).error).toBeNull();
    expect((await bed.service.storage.deleteBucket("temp")).error).toBeNull();
  });
});
