import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

let bed: StorageTestbed;
beforeAll(async () => {
  bed = await startStorageTestbed();
});
afterAll(() => bed.close());

describe("move and copy", () => {
  it("moves an object inside the caller's folder", async () => {
    const files = bed.userA.storage.from("files");
    await files.upload(`${bed.idA}/from.txt`, "moving", { metadata: { keep: true } });
    const moved = await files.move(`${bed.idA}/from.txt`, `${bed.idA}/sub/to.txt`);
    expect(moved).toEqual({ data: { message: "Successfully moved" }, error: null });
    expect((await files.exists(`${bed.idA}/from.txt`)).data).toBe(false);
    expect(await (await files.download(`${bed.idA}/sub/to.txt`)).data!.text()).toBe("moving");
    expect((await files.info(`${bed.idA}/sub/to.txt`)).data!.metadata).toEqual({ keep: true });
  });

  it("refuses to move onto an existing name or a missing source", async () => {
    const files = bed.userA.storage.from("files");
    await files.upload(`${bed.idA}/m1.txt`, "1");
    await files.upload(`${bed.idA}/m2.txt`, "2");
    expect((await files.move(`${bed.idA}/m1.txt`, `${bed.idA}/m2.txt`)).error).toMatchObject({ statusCode: "409" });
    expect((await files.move(`${bed.idA}/none.txt`, `${bed.idA}/m3.txt`)).error).toMatchObject({ statusCode: "404" });
  });

  it("copies an object, within and across buckets", async () => {
    const files = bed.userA.storage.from("files");
    await files.upload(`${bed.idA}/orig.txt`, "copy me", { contentType: "text/plain" });
    const copied = await files.copy(`${bed.idA}/orig.txt`, `${bed.idA}/copy.txt`);
    expect(copied).toEqual({ data: { path: `files/${bed.idA}/copy.txt` }, error: null });
    expect(await (await files.download(`${bed.idA}/copy.txt`)).data!.text()).toBe("copy me");
    // The copy is independent of the original.
    await files.update(`${bed.idA}/orig.txt`, "changed");
    expect(await (await files.download(`${bed.idA}/copy.txt`)).data!.text()).toBe("copy me");
    expect((await files.copy(`${bed.idA}/orig.txt`, `${bed.idA}/copy.txt`)).error).toMatchObject({ statusCode: "409" });

    await bed.service.storage.createBucket("other", { public: false });
    const across = await bed.service.storage
      .from("files")
      .copy(`${bed.idA}/orig.txt`, "elsewhere/orig.txt", { destinationBucket: "other" });
    expect(across.data).toEqual({ path: "other/elsewhere/orig.txt" });
    expect(await (await bed.service.storage.from("other").download("elsewhere/orig.txt")).data!.text()).toBe("changed");
  });
});
