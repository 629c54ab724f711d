import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

let bed: StorageTestbed;
beforeAll(async () => {
  bed = await startStorageTestbed();
});
afterAll(() => bed.close());

describe("buckets", () => {
  it("creates the default buckets at first start", async () => {
    const { data, error } = await bed.service.storage.listBuckets();
    expect(error).toBeNull();
    const byId = Object.fromEntries(data!.map((bucket) => [bucket.id, bucket]));
    expect(byId.files).toMatchObject({ public: false, file_size_limit: null, allowed_mime_types: null });
    expect(byId.avatars).toMatchObject({ public: true, file_size_limit: 2 * 1024 * 1024, allowed_mime_types: ["image/*"] });
  });

  it("creates, gets, updates, empties and deletes a bucket with the service key", async () => {
    const created = await bed.service.storage.createBucket("docs", {
      public: false,
      fileSizeLimit: "1MB",
      allowedMimeTypes: ["text/*", "application/pdf"],
    });
    expect(created).toEqual({ data: { name: "docs" }, error: null });

    const got = await bed.service.storage.getBucket("docs");
    expect(got.data).toMatchObject({
      id: "docs",
      name: "docs",
      public: false,
      file_size_limit: 1_000_000,
      allowed_mime_types: ["text/*", "application/pdf"],
    });
    // Exactly Supabase's fields (storage-js snapshots them): no owner_id, no type.
    expect(Object.keys(got.data!).sort()).toEqual(
      ["allowed_mime_types", "created_at", "file_size_limit", "id", "name", "owner", "public", "updated_at"],
    );
    expect(got.data!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const updated = await bed.service.storage.updateBucket("docs", { public: true, fileSizeLimit: 2048 });
    expect(updated).toEqual({ data: { message: "Successfully updated" }, error: null });
    expect((await bed.service.storage.getBucket("docs")).data).toMatchObject({ public: true, file_size_limit: 2048 });

    await bed.service.storage.from("docs").upload("a.txt", "hello", { contentType: "text/plain" });
    const notEmpty = await bed.service.storage.deleteBucket("docs");
    expect(notEmpty.error).toMatchObject({ statusCode: "409", status: 400 });

    const emptied = await bed.service.storage.emptyBucket("docs");
    expect(emptied.data).toEqual({ message: "Empty bucket has been queued. Completion may take up to an hour." });
    expect((await bed.service.storage.from("docs").list()).data).toEqual([]);

    const deleted = await bed.service.storage.deleteBucket("docs");
    expect(deleted).toEqual({ data: { message: "Successfully deleted" }, error: null });
    const gone = await bed.service.storage.getBucket("docs");
    expect(gone.error).toMatchObject({ message: "Bucket not found", statusCode: "404", status: 400 });
  });

  it("refuses duplicates, bad names, bad mime patterns and limits above the service limit", async () => {
    const dup = await bed.service.storage.createBucket("files");
    expect(dup.error).toMatchObject({ message: "The resource already exists", statusCode: "409" });
    const badName = await bed.service.storage.createBucket("a/b");
    expect(badName.error).toMatchObject({ message: "Bucket name invalid", statusCode: "400" });
    const badMime = await bed.service.storage.createBucket("x1", { public: false, allowedMimeTypes: ["image"] });
    expect(badMime.error).toMatchObject({ statusCode: "415" });
    const tooBig = await bed.service.storage.createBucket("x2", { public: false, fileSizeLimit: "1GB" });
    expect(tooBig.error).toMatchObject({ statusCode: "413" });
  });

  it("lets signed-in users read the shared buckets but never change them", async () => {
    const listed = await bed.userA.storage.listBuckets();
    expect(listed.data!.map((bucket) => bucket.id)).toEqual(expect.arrayContaining(["files", "avatars"]));
    expect((await bed.userA.storage.getBucket("files")).data).toMatchObject({ id: "files" });

    expect((await bed.userA.storage.updateBucket("files", { public: true })).error).toMatchObject({ statusCode: "403" });
    expect((await bed.userA.storage.deleteBucket("files")).error).toMatchObject({ statusCode: "403" });
    const empty = await bed.userA.storage.emptyBucket("files");
    expect(empty.error).toMatchObject({ statusCode: "403", status: 403 });
  });

  it("shows anonymous callers nothing and requires a token", async () => {
    expect((await bed.anon.storage.listBuckets()).data).toEqual([]);
    expect((await bed.anon.storage.getBucket("files")).error).toMatchObject({ statusCode: "404" });
    const response = await bed.fetch("/bucket");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: "403", message: "Invalid Compact JWS" });
    const bad = await bed.fetch("/bucket", { headers: { Authorization: "Bearer not.a.jwt" } });
    expect(await bad.json()).toMatchObject({ statusCode: "403", error: "Unauthorized" });
  });

  it("supports list options", async () => {
    const { data } = await bed.service.storage.listBuckets({ sortColumn: "name", sortOrder: "desc", limit: 1 });
    expect(data!.map((bucket) => bucket.id)).toEqual(["files"]);
    const searched = await bed.service.storage.listBuckets({ search: "ava" });
    expect(searched.data!.map((bucket) => bucket.id)).toEqual(["avatars"]);
  });
});

describe("transport", () => {
  it("answers CORS preflights and unknown routes in Storage's shape", async () => {
    const preflight = await bed.fetch("/object/files/a.txt", {
      method: "OPTIONS",
      headers: { Origin: "http://localhost:3000", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const unknown = await bed.fetch("/nope");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: "404" });
    expect(await (await bed.fetch("/health")).json()).toEqual({ healthy: true });
  });
});
