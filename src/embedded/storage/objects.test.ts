import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

let bed: StorageTestbed;
beforeAll(async () => {
  bed = await startStorageTestbed();
  await bed.service.storage.createBucket("small", { public: false, fileSizeLimit: 10, allowedMimeTypes: ["text/*"] });
});
afterAll(() => bed.close());

const md5 = (data: string | Buffer) => `"${createHash("md5").update(data).digest("hex")}"`;

describe("upload and download", () => {
  it("uploads raw bytes and downloads them with Storage's headers", async () => {
    const key = `${bed.idA}/notes/hello.txt`;
    const upload = await bed.userA.storage.from("files").upload(key, "你好，storage", {
      contentType: "text/plain; charset=utf-8",
      cacheControl: "120",
      metadata: { purpose: "test" },
    });
    expect(upload.error).toBeNull();
    expect(upload.data).toEqual({ id: expect.any(String), path: key, fullPath: `files/${key}` });

    const { data: blob } = await bed.userA.storage.from("files").download(key);
    expect(await blob!.text()).toBe("你好，storage");

    const info = await bed.userA.storage.from("files").info(key);
    expect(info.data).toMatchObject({
      id: upload.data!.id,
      name: key,
      bucketId: "files",
      size: Buffer.byteLength("你好，storage"),
      contentType: "text/plain; charset=utf-8",
      cacheControl: "max-age=120",
      etag: md5("你好，storage"),
      metadata: { purpose: "test" },
    });

    const raw = await bed.fetch(`/object/authenticated/files/${encodeURI(key)}?download=x.txt`, {
      headers: { Authorization: `Bearer ${await bed.sign({ role: "authenticated", sub: bed.idA })}` },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get("etag")).toBe(md5("你好，storage"));
    expect(raw.headers.get("cache-control")).toBe("max-age=120");
    expect(raw.headers.get("content-disposition")).toBe("attachment; filename=x.txt; filename*=UTF-8''x.txt");
    expect(raw.headers.get("content-length")).toBe(String(Buffer.byteLength("你好，storage")));
  });

  it("uploads browser-style multipart bodies (Blob) with cache control and metadata", async () => {
    const key = `${bed.idA}/pics/blob.bin`;
    const bytes = Buffer.alloc(300_000, 7);
    const upload = await bed.userA.storage
      .from("files")
      .upload(key, new Blob([bytes], { type: "application/x-test" }), { metadata: { a: 1 } });
    expect(upload.error).toBeNull();
    const info = await bed.userA.storage.from("files").info(key);
    expect(info.data).toMatchObject({
      size: bytes.length,
      contentType: "application/x-test",
      cacheControl: "max-age=3600",
      etag: md5(bytes),
      metadata: { a: 1 },
    });
    const { data } = await bed.userA.storage.from("files").download(key);
    expect(Buffer.from(await data!.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("reports existence through HEAD", async () => {
    await bed.userA.storage.from("files").upload(`${bed.idA}/e.txt`, "e");
    expect(await bed.userA.storage.from("files").exists(`${bed.idA}/e.txt`)).toMatchObject({ data: true });
    expect(await bed.userA.storage.from("files").exists(`${bed.idA}/missing.txt`)).toMatchObject({ data: false });
    expect(await bed.userB.storage.from("files").exists(`${bed.idA}/e.txt`)).toMatchObject({ data: false });
  });

  it("refuses to overwrite without upsert, and replaces with upsert or update", async () => {
    const key = `${bed.idA}/up.txt`;
    const files = bed.userA.storage.from("files");
    await files.upload(key, "one");
    const again = await files.upload(key, "two");
    expect(again.error).toMatchObject({ message: "The resource already exists", statusCode: "409", status: 400 });
    expect(await (await files.download(key)).data!.text()).toBe("one");

    expect((await files.upload(key, "three", { upsert: true })).error).toBeNull();
    expect(await (await files.download(key)).data!.text()).toBe("three");
    expect((await files.update(key, "four")).error).toBeNull();
    expect(await (await files.download(key)).data!.text()).toBe("four");
  });

  it("serves ranges and conditional requests", async () => {
    const key = `${bed.idA}/range.txt`;
    await bed.userA.storage.from("files").upload(key, "0123456789");
    const auth = { Authorization: `Bearer ${await bed.sign({ role: "service_role" })}` };
    const partial = await bed.fetch(`/object/files/${key}`, { headers: { ...auth, Range: "bytes=2-4" } });
    expect(partial.status).toBe(206);
    expect(await partial.text()).toBe("234");
    expect(partial.headers.get("content-range")).toBe("bytes 2-4/10");
    const etag = partial.headers.get("etag")!;
    const cached = await bed.fetch(`/object/files/${key}`, { headers: { ...auth, "If-None-Match": etag } });
    expect(cached.status).toBe(304);
  });

  it("enforces the bucket size limit and allowed mime types", async () => {
    const small = bed.service.storage.from("small");
    expect((await small.upload("ok.txt", "0123456789", { contentType: "text/plain" })).error).toBeNull();
    const tooBig = await small.upload("big.txt", "0123456789A", { contentType: "text/plain" });
    expect(tooBig.error).toMatchObject({ message: "The object exceeded the maximum allowed size", statusCode: "413" });
    const tooBigBlob = await small.upload("big2.txt", new Blob(["x".repeat(50)], { type: "text/plain" }));
    expect(tooBigBlob.error).toMatchObject({ statusCode: "413" });
    const wrongType = await small.upload("x.png", "png", { contentType: "image/png" });
    expect(wrongType.error).toMatchObject({ message: "mime type image/png is not supported", statusCode: "415" });
    const wrongBlob = await small.upload("y.json", new Blob(["{}"], { type: "application/json" }));
    expect(wrongBlob.error).toMatchObject({ statusCode: "415" });
    expect((await small.list()).data!.map((item) => item.name)).toEqual(["ok.txt"]);

    const avatars = bed.userA.storage.from("avatars");
    const notImage = await avatars.upload(`${bed.idA}/a.txt`, "hi", { contentType: "text/plain" });
    expect(notImage.error).toMatchObject({ statusCode: "415" });
    const huge = await avatars.upload(`${bed.idA}/a.png`, new Blob([Buffer.alloc(2 * 1024 * 1024 + 1)], { type: "image/png" }));
    expect(huge.error).toMatchObject({ statusCode: "413" });
  });

  it("streams a large raw body and aborts once it passes the limit", async () => {
    const chunk = Buffer.alloc(64 * 1024, 1);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const avatars = bed.userA.storage.from("avatars");
    const { error } = await avatars.upload(`${bed.idA}/stream.png`, body, { contentType: "image/png" });
    expect(error).toMatchObject({ statusCode: "413" });
    expect(sent).toBeLessThan(40); // stopped reading long before the end
  });

  it("refuses unknown buckets and bad names", async () => {
    const missing = await bed.service.storage.from("nope").upload("a.txt", "a");
    expect(missing.error).toMatchObject({ message: "Bucket not found", statusCode: "404" });
    const auth = { Authorization: `Bearer ${await bed.sign({ role: "service_role" })}`, "Content-Type": "text/plain" };
    // (`%2e%2e` segments never arrive: the URL parser resolves them on the client.)
    for (const name of ["a/..%2Fb.txt", "..%2Fetc%2Fpasswd", "a%5Cb.txt", "a%00b.txt", "a%0Ab.txt", "a//b.txt", "%2Fabs.txt"]) {
      const response = await bed.fetch(`/object/files/${name}`, { method: "POST", headers: auth, body: "x" });
      expect(await response.json(), name).toMatchObject({ statusCode: "400", code: "InvalidKey" });
    }
    const moved = await bed.service.storage.from("files").move("x.txt", "../x.txt");
    expect(moved.error).toMatchObject({ statusCode: "400" });
  });

  it("removes several objects at once, skipping missing names", async () => {
    const files = bed.userA.storage.from("files");
    await files.upload(`${bed.idA}/r/1.txt`, "1");
    await files.upload(`${bed.idA}/r/2.txt`, "2");
    const { data, error } = await files.remove([`${bed.idA}/r/1.txt`, `${bed.idA}/r/2.txt`, `${bed.idA}/r/3.txt`]);
    expect(error).toBeNull();
    expect(data!.map((row) => row.name).sort()).toEqual([`${bed.idA}/r/1.txt`, `${bed.idA}/r/2.txt`]);
    expect((await files.list(`${bed.idA}/r`)).data).toEqual([]);
  });

  it("accepts Unicode and spaces in names", async () => {
    const key = `${bed.idA}/报告 2024 (终稿).txt`;
    expect((await bed.userA.storage.from("files").upload(key, "ok")).error).toBeNull();
    expect(await (await bed.userA.storage.from("files").download(key)).data!.text()).toBe("ok");
    const listed = await bed.userA.storage.from("files").list(bed.idA, { search: "报告" });
    expect(listed.data!.map((item) => item.name)).toEqual(["报告 2024 (终稿).txt"]);
  });
});
