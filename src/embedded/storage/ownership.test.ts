import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

let bed: StorageTestbed;
let secret: string;
beforeAll(async () => {
  bed = await startStorageTestbed();
  secret = `${bed.idA}/secret.txt`;
  const { error } = await bed.userA.storage.from("files").upload(secret, "A's secret");
  if (error) throw error;
});
afterAll(() => bed.close());

describe("ownership rules", () => {
  it("lets users write only into their own folder", async () => {
    const files = bed.userB.storage.from("files");
    const intoA = await files.upload(`${bed.idA}/planted.txt`, "x");
    expect(intoA.error).toMatchObject({ statusCode: "403", message: "new row violates row-level security policy" });
    const atRoot = await files.upload("root.txt", "x");
    expect(atRoot.error).toMatchObject({ statusCode: "403" });
    expect((await files.upload(`${bed.idB}/mine.txt`, "x")).error).toBeNull();
    const anon = await bed.anon.storage.from("files").upload(`${bed.idB}/anon.txt`, "x");
    expect(anon.error).toMatchObject({ statusCode: "403" });
    // Public buckets too: reading is open, writing is per folder.
    const avatar = await bed.userB.storage.from("avatars").upload(`${bed.idA}/a.png`, "x", { contentType: "image/png" });
    expect(avatar.error).toMatchObject({ statusCode: "403" });
  });

  it("hides other users' objects from download, info, signing and listing", async () => {
    const files = bed.userB.storage.from("files");
    expect((await files.download(secret)).error).toMatchObject({ statusCode: "404" });
    expect((await files.info(secret)).error).toMatchObject({ statusCode: "404" });
    expect((await files.exists(secret)).data).toBe(false);
    expect((await files.createSignedUrl(secret, 60)).error).toMatchObject({ statusCode: "404" });
    const many = await files.createSignedUrls([secret], 60);
    expect(many.data).toEqual([
      { error: "Either the object does not exist or you do not have access to it", path: secret, signedURL: null, signedUrl: null },
    ]);
    expect((await files.list(bed.idA)).data).toEqual([]);
    expect((await files.createSignedUploadUrl(`${bed.idA}/x.txt`)).error).toMatchObject({ statusCode: "403" });
    // Anonymous callers see private buckets as missing.
    expect((await bed.anon.storage.from("files").download(secret)).error).toMatchObject({ statusCode: "404", message: "Bucket not found" });
    const publicRoute = await bed.fetch(`/object/public/files/${secret}`);
    expect(await publicRoute.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });
  });

  it("keeps other users from moving, copying or removing objects", async () => {
    const files = bed.userB.storage.from("files");
    expect((await files.move(secret, `${bed.idB}/stolen.txt`)).error).toMatchObject({ statusCode: "404" });
    expect((await files.copy(secret, `${bed.idB}/stolen.txt`)).error).toMatchObject({ statusCode: "404" });
    expect((await files.remove([secret])).data).toEqual([]);
    const single = await bed.fetch(`/object/files/${secret}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${await bed.sign({ role: "authenticated", sub: bed.idB })}` },
    });
    expect(await single.json()).toMatchObject({ statusCode: "404" });
    // User A may not move their own object into B's folder either.
    expect((await bed.userA.storage.from("files").move(secret, `${bed.idB}/gift.txt`)).error).toMatchObject({ statusCode: "403" });
    expect(await (await bed.userA.storage.from("files").download(secret)).data!.text()).toBe("A's secret");
  });

  it("lets anyone read public buckets, and the service role everything", async () => {
    const { error } = await bed.userA.storage.from("avatars").upload(`${bed.idA}/me.png`, "png!", { contentType: "image/png" });
    expect(error).toBeNull();
    const { publicUrl } = bed.anon.storage.from("avatars").getPublicUrl(`${bed.idA}/me.png`).data;
    const response = await bed.root.fetch(new Request(publicUrl));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("png!");
    expect(await (await bed.anon.storage.from("avatars").download(`${bed.idA}/me.png`)).data!.text()).toBe("png!");
    expect(await (await bed.userB.storage.from("avatars").download(`${bed.idA}/me.png`)).data!.text()).toBe("png!");
    expect((await bed.anon.storage.from("avatars").info(`${bed.idA}/me.png`)).data).toMatchObject({ size: 4 });

    expect(await (await bed.service.storage.from("files").download(secret)).data!.text()).toBe("A's secret");
  });

  it("rejects expired or forged tokens", async () => {
    const expired = bed.clientFor(await bed.sign({ role: "authenticated", sub: bed.idA }, Math.floor(Date.now() / 1000) - 10));
    const { error } = await expired.storage.from("files").list(bed.idA);
    expect(error).toMatchObject({ statusCode: "403" });
    expect(error!.message).toContain("exp");
  });
});
