// Per-user storage quota (issue 13, finding 7): enforced on standard and multipart uploads, signed
// uploads, copy and move, from the quota resolver the app passes in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usedBytes } from "./quota";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

const QUOTA = 100 * 1024;
let bed: StorageTestbed;
beforeAll(async () => {
  bed = await startStorageTestbed("pglite", {
    // User A has 100 KiB, counted against A's objects; everyone else is unlimited (null).
    storageQuota: async (userId) => (userId === bed.idA ? { limitBytes: QUOTA, usedBytes: await usedBytes(bed.handle.db, userId) } : null),
  });
});
afterAll(() => bed.close());

const bytes = (n: number, type = "application/octet-stream") => new Blob([new Uint8Array(n)], { type });

describe("per-user storage quota", () => {
  it("refuses a raw or multipart upload that would pass the quota, and keeps what fits", async () => {
    const files = bed.userA.storage.from("files");
    expect((await files.upload(`${bed.idA}/q1.bin`, bytes(60 * 1024))).error).toBeNull();
    // storage-js sends a Blob as multipart/form-data; an ArrayBuffer raw.
    const multipart = await files.upload(`${bed.idA}/q2.bin`, bytes(60 * 1024));
    expect(multipart.error).toMatchObject({ statusCode: "413" });
    expect(multipart.error?.message).toMatch(/quota/i);
    const raw = await files.upload(`${bed.idA}/q3.bin`, new Uint8Array(60 * 1024).buffer, { contentType: "application/octet-stream" });
    expect(raw.error).toMatchObject({ statusCode: "413" });
    expect((await files.exists(`${bed.idA}/q2.bin`)).data).toBe(false);
    expect((await files.upload(`${bed.idA}/q4.bin`, bytes(30 * 1024))).error).toBeNull();
  });

  it("refuses parallel uploads that together pass the quota", async () => {
    const files = bed.userA.storage.from("files");
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => files.upload(`${bed.idA}/par-${i}.bin`, bytes(4 * 1024))),
    );
    // 90 KiB used, 10 KiB left: at most two 4 KiB uploads fit.
    expect(results.filter((result) => result.error === null).length).toBeLessThanOrEqual(2);
  });

  it("refuses signed uploads, copies and moves that pass the quota", async () => {
    const files = bed.userA.storage.from("files");
    const signed = await files.createSignedUploadUrl(`${bed.idA}/signed.bin`);
    const viaSigned = await bed.anon.storage.from("files").uploadToSignedUrl(`${bed.idA}/signed.bin`, signed.data!.token, bytes(50 * 1024));
    expect(viaSigned.error).toMatchObject({ statusCode: "413" });
    expect((await files.copy(`${bed.idA}/q1.bin`, `${bed.idA}/q1-copy.bin`)).error).toMatchObject({ statusCode: "413" });

    // A move of someone else's object into A's ownership counts too: service puts one in A's folder.
    await bed.service.storage.from("files").upload(`${bed.idA}/gift.bin`, bytes(50 * 1024));
    expect((await files.move(`${bed.idA}/gift.bin`, `${bed.idA}/mine.bin`)).error).toMatchObject({ statusCode: "413" });
    // Moving one's own object around costs nothing.
    expect((await files.move(`${bed.idA}/q4.bin`, `${bed.idA}/q4-moved.bin`)).error).toBeNull();
  });

  it("frees space when a file is deleted and leaves users without a quota alone", async () => {
    const files = bed.userA.storage.from("files");
    await files.remove([`${bed.idA}/q1.bin`]);
    expect((await files.upload(`${bed.idA}/after.bin`, bytes(50 * 1024))).error).toBeNull();
    expect((await bed.userB.storage.from("files").upload(`${bed.idB}/big.bin`, bytes(300 * 1024))).error).toBeNull();
  });
});
