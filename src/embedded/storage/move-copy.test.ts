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

describe("copy and move obey the destination bucket's rules (issue 13, finding 2)", () => {
  const html = new Blob(["<script>alert(document.cookie)</script>"], { type: "text/html" });

  it("refuses HTML copied or moved from files into the image-only avatars bucket", async () => {
    const files = bed.userA.storage.from("files");
    await files.upload(`${bed.idA}/x.html`, html, { contentType: "text/html" });
    const copied = await files.copy(`${bed.idA}/x.html`, `${bed.idA}/x.html`, { destinationBucket: "avatars" });
    expect(copied.error).toMatchObject({ statusCode: "415" });
    const moved = await files.move(`${bed.idA}/x.html`, `${bed.idA}/x.html`, { destinationBucket: "avatars" });
    expect(moved.error).toMatchObject({ statusCode: "415" });
    expect((await bed.service.storage.from("avatars").exists(`${bed.idA}/x.html`)).data).toBe(false);
    expect((await files.exists(`${bed.idA}/x.html`)).data).toBe(true);
  });

  it("refuses a copy that relabels an image as HTML on the way into avatars", async () => {
    const avatars = bed.userA.storage.from("avatars");
    await avatars.upload(`${bed.idA}/a.png`, new Blob(["png"], { type: "image/png" }), { contentType: "image/png" });
    // The copy's type may be changed on the way (`metadata.mimetype`): the server judges the new type.
    const raw = await bed.fetch("/object/copy", {
      method: "POST",
      headers: { Authorization: `Bearer ${await bed.sign({ role: "authenticated", sub: bed.idA })}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        bucketId: "avatars",
        sourceKey: `${bed.idA}/a.png`,
        destinationKey: `${bed.idA}/c.png`,
        metadata: { mimetype: "text/html" },
      }),
    });
    expect((await raw.json()) as unknown).toMatchObject({ statusCode: "415" });
    expect((await avatars.exists(`${bed.idA}/c.png`)).data).toBe(false);
  });

  it("refuses a 3 MB file copied or moved into the 2 MB avatars bucket", async () => {
    const files = bed.userA.storage.from("files");
    const big = new Blob([new Uint8Array(3 * 1024 * 1024)], { type: "image/png" });
    await files.upload(`${bed.idA}/big.png`, big, { contentType: "image/png" });
    const copied = await files.copy(`${bed.idA}/big.png`, `${bed.idA}/big.png`, { destinationBucket: "avatars" });
    expect(copied.error).toMatchObject({ statusCode: "413" });
    const moved = await files.move(`${bed.idA}/big.png`, `${bed.idA}/big.png`, { destinationBucket: "avatars" });
    expect(moved.error).toMatchObject({ statusCode: "413" });
    expect((await files.exists(`${bed.idA}/big.png`)).data).toBe(true);
  });

  it("refuses a copy or move into another user's folder", async () => {
    const files = bed.userA.storage.from("files");
    await files.upload(`${bed.idA}/mine.txt`, "mine", { contentType: "text/plain" });
    expect((await files.copy(`${bed.idA}/mine.txt`, `${bed.idB}/planted.txt`)).error).toMatchObject({ statusCode: "403" });
    expect((await files.move(`${bed.idA}/mine.txt`, `${bed.idB}/planted.txt`)).error).toMatchObject({ statusCode: "403" });
    expect((await bed.service.storage.from("files").exists(`${bed.idB}/planted.txt`)).data).toBe(false);
  });

  it("still moves an image of the right size into avatars", async () => {
    const files = bed.userA.storage.from("files");
    await files.upload(`${bed.idA}/ok.png`, new Blob(["png"], { type: "image/png" }), { contentType: "image/png" });
    const moved = await files.move(`${bed.idA}/ok.png`, `${bed.idA}/ok.png`, { destinationBucket: "avatars" });
    expect(moved.error).toBeNull();
  });
});
