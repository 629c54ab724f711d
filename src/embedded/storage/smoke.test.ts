import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testTargetKinds } from "../../../test/database-targets";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

// The main suites run on PGlite; this covers the essentials on every database target.
describe.each(testTargetKinds())("storage on %s", (kind) => {
  let bed: StorageTestbed;
  beforeAll(async () => {
    bed = await startStorageTestbed(kind);
  });
  afterAll(() => bed.close());

  it("uploads, lists, upserts, moves, signs and removes, leaving no stray bytes in the store", async () => {
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

    expect(await bed.countStoredObjects()).toBe(2);
    expect(await bed.countTemporaryFiles()).toBe(0);
    expect((await files.remove([`${bed.idA}/b.txt`, `${bed.idA}/c.txt`])).data).toHaveLength(2);
    expect(await bed.countStoredObjects()).toBe(0);
  });

  it("enforces limits and bucket management", async () => {
    const tooBig = await bed.userA.storage
      .from("avatars")
      .upload(`${bed.idA}/big.png`, new Blob([Buffer.alloc(3 * 1024 * 1024)], { type: "image/png" }));
    expect(tooBig.error).toMatchObject({ statusCode: "413" });
    expect(await bed.countTemporaryFiles()).toBe(0);
    expect((await bed.service.storage.createBucket("temp", { public: true })).error).toBeNull();
    expect((await bed.service.storage.deleteBucket("temp")).error).toBeNull();
  });
});
