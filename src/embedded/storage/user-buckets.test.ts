// A user's own buckets (issue 14, item 13): the owner manages them; to everyone else a private one
// does not exist and a public one can only be read. Driven through storage-js as the page does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BUCKETS_PER_USER } from "./bucket-access";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

let bed: StorageTestbed;
beforeAll(async () => {
  bed = await startStorageTestbed();
});
afterAll(() => bed.close());

describe("a user's own buckets", () => {
  it("are created, configured, emptied and deleted by their owner", async () => {
    const created = await bed.userA.storage.createBucket("a-docs", { public: false, fileSizeLimit: "1MB", allowedMimeTypes: ["text/*"] });
    expect(created.error).toBeNull();
    const mine = (await bed.userA.storage.getBucket("a-docs")).data;
    expect(mine).toMatchObject({ owner: bed.idA, public: false, file_size_limit: 1_000_000, allowed_mime_types: ["text/*"] });

    // Its rules apply to uploads, and the folder rule still holds inside it.
    expect((await bed.userA.storage.from("a-docs").upload(`${bed.idA}/a.txt`, "hello", { contentType: "text/plain" })).error).toBeNull();
    const wrongType = await bed.userA.storage.from("a-docs").upload(`${bed.idA}/a.png`, "png", { contentType: "image/png" });
    expect(wrongType.error).toMatchObject({ statusCode: "415" });

    expect((await bed.userA.storage.updateBucket("a-docs", { public: true, fileSizeLimit: 2048, allowedMimeTypes: ["text/plain"] })).error).toBeNull();
    expect((await bed.userA.storage.getBucket("a-docs")).data).toMatchObject({ public: true, file_size_limit: 2048 });
    expect((await bed.userA.storage.deleteBucket("a-docs")).error).toMatchObject({ statusCode: "409" }); // not empty
    expect((await bed.userA.storage.emptyBucket("a-docs")).error).toBeNull();
    expect((await bed.userA.storage.deleteBucket("a-docs")).error).toBeNull();
    expect((await bed.userA.storage.getBucket("a-docs")).error).toMatchObject({ statusCode: "404" });
  });

  it("do not exist for another user: not listed, not readable, not changeable", async () => {
    await bed.userA.storage.createBucket("a-private");
    await bed.userA.storage.from("a-private").upload(`${bed.idA}/secret.txt`, "secret", { contentType: "text/plain" });

    expect((await bed.userB.storage.listBuckets()).data!.map((bucket) => bucket.id)).not.toContain("a-private");
    expect((await bed.userB.storage.getBucket("a-private")).error).toMatchObject({ statusCode: "404" });
    expect((await bed.userB.storage.updateBucket("a-private", { public: true })).error).toMatchObject({ statusCode: "404" });
    expect((await bed.userB.storage.emptyBucket("a-private")).error).toMatchObject({ statusCode: "404" });
    expect((await bed.userB.storage.deleteBucket("a-private")).error).toMatchObject({ statusCode: "404" });
    expect((await bed.userB.storage.from("a-private").download(`${bed.idA}/secret.txt`)).error).not.toBeNull();
    expect((await bed.userB.storage.from("a-private").list(bed.idA)).error).toMatchObject({ statusCode: "404" });

    // Nothing changed for the owner.
    expect((await bed.userA.storage.getBucket("a-private")).data).toMatchObject({ public: false });
    expect(await (await bed.userA.storage.from("a-private").download(`${bed.idA}/secret.txt`)).data!.text()).toBe("secret");
  });

  it("take no writes from anyone but their owner, even when public", async () => {
    await bed.userA.storage.createBucket("a-public", { public: true });
    const upload = await bed.userB.storage.from("a-public").upload(`${bed.idB}/planted.html`, "<script>x</script>", { contentType: "text/html" });
    expect(upload.error).toMatchObject({ statusCode: "404" });
    expect((await bed.userB.storage.from("a-public").createSignedUploadUrl(`${bed.idB}/planted.txt`)).error).toMatchObject({ statusCode: "404" });

    await bed.userB.storage.from("files").upload(`${bed.idB}/mine.txt`, "mine", { contentType: "text/plain" });
    const copied = await bed.userB.storage.from("files").copy(`${bed.idB}/mine.txt`, `${bed.idB}/mine.txt`, { destinationBucket: "a-public" });
    expect(copied.error).toMatchObject({ statusCode: "404" });
    const moved = await bed.userB.storage.from("files").move(`${bed.idB}/mine.txt`, `${bed.idB}/mine.txt`, { destinationBucket: "a-public" });
    expect(moved.error).toMatchObject({ statusCode: "404" });

    // Reading what the owner published there is open to all, as for any public bucket.
    await bed.userA.storage.from("a-public").upload(`${bed.idA}/hello.txt`, "hello", { contentType: "text/plain" });
    expect(await (await bed.userB.storage.from("a-public").download(`${bed.idA}/hello.txt`)).data!.text()).toBe("hello");
  });

  it("are limited in number, and the shared buckets stay the service role's", async () => {
    const before = (await bed.userB.storage.listBuckets()).data!.filter((bucket) => bucket.owner === bed.idB).length;
    for (let index = before; index < MAX_BUCKETS_PER_USER; index += 1) {
      expect((await bed.userB.storage.createBucket(`b-${index}`)).error).toBeNull();
    }
    expect((await bed.userB.storage.createBucket("b-one-too-many")).error).toMatchObject({ statusCode: "403" });
    expect((await bed.userB.storage.updateBucket("files", { public: true })).error).toMatchObject({ statusCode: "403" });
    expect((await bed.anon.storage.createBucket("anon-bucket")).error).toMatchObject({ statusCode: "403" });
  });
});
