// The page's storage calls against the embedded service, through supabase-js as the browser makes them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageTestbed, type StorageTestbed } from "@/embedded/storage/test-kit";
import { toEntries } from "./entries";
import { collectFolderKeys } from "./folder-keys";
import { EMPTY_FOLDER_PLACEHOLDER, encodeKeySegment } from "./object-names";

let bed: StorageTestbed;
beforeAll(async () => {
  bed = await startStorageTestbed();
});
afterAll(() => bed.close());

/** What `uploadToSignedUrl` (XMLHttpRequest) sends: storage-js's multipart body and `x-upsert`. */
async function putLikeThePage(signedUrl: string, file: File): Promise<Response> {
  const body = new FormData();
  body.append("cacheControl", "3600");
  body.append("metadata", JSON.stringify({ originalName: file.name }));
  body.append("", file);
  return bed.root.fetch(new Request(signedUrl, { method: "PUT", body, headers: { "x-upsert": "false" } }));
}

describe("the storage page's calls", () => {
  it("uploads an encoded Chinese name through a signed upload URL and lists it decoded", async () => {
    const folder = `${bed.idA}/${encodeKeySegment("报告")}`;
    const key = `${folder}/${encodeKeySegment("季度 报告.txt")}`;
    const signed = await bed.userA.storage.from("files").createSignedUploadUrl(key);
    expect(signed.error).toBeNull();
    const response = await putLikeThePage(signed.data!.signedUrl, new File(["你好"], "季度 报告.txt", { type: "text/plain" }));
    expect(response.status).toBe(200);

    const listed = await bed.userA.storage.from("files").list(folder, { sortBy: { column: "name", order: "asc" } });
    expect(toEntries(listed.data!, folder)).toMatchObject([{ kind: "file", name: "季度 报告.txt", key, mimeType: "text/plain" }]);
    const info = await bed.userA.storage.from("files").info(key);
    expect(info.data?.metadata).toMatchObject({ originalName: "季度 报告.txt" });

    const search = await bed.userA.storage.from("files").list(folder, { search: encodeKeySegment("季度") });
    expect(search.data!.map((o) => o.name)).toEqual([encodeKeySegment("季度 报告.txt")]);
  });

  it("gets the server's refusal for a wrong-type or too-large file in the avatars bucket", async () => {
    const wrongType = await bed.userA.storage.from("avatars").createSignedUploadUrl(`${bed.idA}/notes.txt`);
    const refused = await putLikeThePage(wrongType.data!.signedUrl, new File(["x"], "notes.txt", { type: "text/plain" }));
    expect(refused.ok).toBe(false);
    expect(await refused.json()).toMatchObject({ statusCode: "415" });

    const tooLarge = await bed.userA.storage.from("avatars").createSignedUploadUrl(`${bed.idA}/big.png`);
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    expect(await (await putLikeThePage(tooLarge.data!.signedUrl, big)).json()).toMatchObject({ statusCode: "413" });
  });

  it("creates folders with a placeholder and collects every key below a folder for deletion", async () => {
    const root = `${bed.idA}/tree`;
    const files = bed.userA.storage.from("files");
    await files.upload(`${root}/empty/${EMPTY_FOLDER_PLACEHOLDER}`, new Blob([]));
    await files.upload(`${root}/a.txt`, "a", { contentType: "text/plain" });
    await files.upload(`${root}/deep/er/b.txt`, "b", { contentType: "text/plain" });

    const listed = await files.list(root);
    expect(toEntries(listed.data!, root).map((e) => `${e.kind}:${e.name}`).sort()).toEqual(["file:a.txt", "folder:deep", "folder:empty"]);

    const keys = await collectFolderKeys(files, root);
    expect(keys.sort()).toEqual([`${root}/a.txt`, `${root}/deep/er/b.txt`, `${root}/empty/${EMPTY_FOLDER_PLACEHOLDER}`].sort());
    expect((await files.remove(keys)).error).toBeNull();
    expect((await files.list(root)).data).toEqual([]);
  });

  it("cannot reach another user's folder", async () => {
    const signed = await bed.userB.storage.from("files").createSignedUploadUrl(`${bed.idA}/intruder.txt`);
    expect(signed.error).not.toBeNull();
    expect((await bed.userB.storage.from("files").list(bed.idA)).data).toEqual([]);
  });
});
