import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

let bed: StorageTestbed;
let key: string;
beforeAll(async () => {
  bed = await startStorageTestbed();
  key = `${bed.idA}/shared file.txt`;
  const { error } = await bed.userA.storage.from("files").upload(key, "shared", { contentType: "text/plain" });
  if (error) throw error;
});
afterAll(() => bed.close());

const get = (url: string, init?: RequestInit) => bed.root.fetch(new Request(url, init));

describe("signed download URLs", () => {
  it("creates one URL that works without a token and honours download", async () => {
    const { data, error } = await bed.userA.storage.from("files").createSignedUrl(key, 60, { download: "名字.txt" });
    expect(error).toBeNull();
    expect(data!.signedUrl).toMatch(/^http:\/\/storage\.test\/storage\/v1\/object\/sign\/files\/.+\?token=.+&download=/);
    const response = await get(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("shared");
    expect(response.headers.get("content-disposition")).toContain("filename*=UTF-8''%E5%90%8D%E5%AD%97.txt");
    expect(response.headers.get("expires")).toBeTruthy();
  });

  it("creates several URLs at once", async () => {
    const { data } = await bed.userA.storage.from("files").createSignedUrls([key, `${bed.idA}/missing.txt`], 60);
    expect(data![0]).toMatchObject({ error: null, path: key });
    expect(await (await get(data![0]!.signedUrl!)).text()).toBe("shared");
    expect(data![1]).toMatchObject({ error: expect.any(String), signedUrl: null });
  });

  it("refuses expired tokens and tokens for another object", async () => {
    const { data } = await bed.userA.storage.from("files").createSignedUrl(key, 1);
    vi.useFakeTimers({ now: Date.now() + 5_000, toFake: ["Date"] });
    try {
      const expired = await get(data!.signedUrl);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ statusCode: "400", error: "InvalidJWT" });
    } finally {
      vi.useRealTimers();
    }
    // A fresh, long-lived token: the 1-second one above may have expired by now on a slow machine.
    const { data: valid } = await bed.userA.storage.from("files").createSignedUrl(key, 60);
    const token = new URL(valid!.signedUrl).searchParams.get("token")!;
    await bed.userA.storage.from("files").upload(`${bed.idA}/other.txt`, "other");
    const forged = await bed.fetch(`/object/sign/files/${bed.idA}/other.txt?token=${token}`);
    expect(await forged.json()).toMatchObject({ statusCode: "400", code: "InvalidSignature" });
    const garbage = await bed.fetch(`/object/sign/files/${bed.idA}/other.txt?token=abc`);
    expect(await garbage.json()).toMatchObject({ statusCode: "400", error: "InvalidJWT" });
  });
});

describe("signed upload URLs", () => {
  it("uploads once with the token, without other credentials", async () => {
    const target = `${bed.idA}/via-token.txt`;
    const { data, error } = await bed.userA.storage.from("files").createSignedUploadUrl(target);
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: target, token: expect.any(String) });
    expect(data!.signedUrl).toContain("/storage/v1/object/upload/sign/files/");

    const uploaded = await bed.anon.storage.from("files").uploadToSignedUrl(target, data!.token, "by token", {
      contentType: "text/plain",
    });
    expect(uploaded).toEqual({ data: { path: target, fullPath: `files/${target}` }, error: null });
    expect(await (await bed.userA.storage.from("files").download(target)).data!.text()).toBe("by token");

    const reused = await bed.anon.storage.from("files").uploadToSignedUrl(target, data!.token, "again");
    expect(reused.error).toMatchObject({ statusCode: "409" });
    const wrongPath = await bed.anon.storage.from("files").uploadToSignedUrl(`${bed.idA}/elsewhere.txt`, data!.token, "x");
    expect(wrongPath.error).toMatchObject({ statusCode: "400" });
  });

  it("overwrites with an upsert token, and still enforces the bucket rules", async () => {
    const target = `${bed.idA}/via-token.txt`;
    const { data } = await bed.userA.storage.from("files").createSignedUploadUrl(target, { upsert: true });
    const blob = new Blob(["replaced"], { type: "text/plain" });
    expect((await bed.anon.storage.from("files").uploadToSignedUrl(target, data!.token, blob)).error).toBeNull();
    expect(await (await bed.userA.storage.from("files").download(target)).data!.text()).toBe("replaced");

    const avatar = `${bed.idA}/x.png`;
    const signed = await bed.userA.storage.from("avatars").createSignedUploadUrl(avatar);
    const wrongType = await bed.anon.storage.from("avatars").uploadToSignedUrl(avatar, signed.data!.token, "text", {
      contentType: "text/plain",
    });
    expect(wrongType.error).toMatchObject({ statusCode: "415" });
  });
});
