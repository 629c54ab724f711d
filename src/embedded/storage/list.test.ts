import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageTestbed, type StorageTestbed } from "./test-kit";

let bed: StorageTestbed;
let base: string;
beforeAll(async () => {
  bed = await startStorageTestbed();
  base = bed.idA;
  const files = bed.userA.storage.from("files");
  // Created one by one so created_at order is known: b.txt, A.txt, docs/x.txt, c.txt, docs/deep/y.txt
  for (const name of ["b.txt", "A.txt", "docs/x.txt", "c.txt", "docs/deep/y.txt", "pics/p.png"]) {
    const { error } = await files.upload(`${base}/${name}`, name, { contentType: "text/plain" });
    if (error) throw error;
  }
});
afterAll(() => bed.close());

describe("list", () => {
  it("lists one folder level with folders as id-null entries, sorted by name ascending by default", async () => {
    const { data, error } = await bed.userA.storage.from("files").list(base);
    expect(error).toBeNull();
    expect(data!.map((item) => item.name)).toEqual(["A.txt", "b.txt", "c.txt", "docs", "pics"]);
    const docs = data!.find((item) => item.name === "docs")!;
    expect(docs).toEqual({ name: "docs", id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    const file = data!.find((item) => item.name === "b.txt")!;
    expect(file.id).toEqual(expect.any(String));
    expect(file.metadata).toMatchObject({ size: 5, mimetype: "text/plain", cacheControl: "max-age=3600", httpStatusCode: 200 });
    expect(file.created_at).toMatch(/Z$/);
  });

  it("applies limit, offset, sort order and search", async () => {
    const files = bed.userA.storage.from("files");
    const page = await files.list(base, { limit: 2, offset: 1 });
    expect(page.data!.map((item) => item.name)).toEqual(["b.txt", "c.txt"]);
    const desc = await files.list(base, { sortBy: { column: "name", order: "desc" } });
    expect(desc.data!.map((item) => item.name)).toEqual(["pics", "docs", "c.txt", "b.txt", "A.txt"]);
    const byCreated = await files.list(base, { sortBy: { column: "created_at", order: "asc" } });
    expect(byCreated.data!.map((item) => item.name)).toEqual(["docs", "pics", "b.txt", "A.txt", "c.txt"]);
    const search = await files.list(base, { search: "D" });
    expect(search.data!.map((item) => item.name)).toEqual(["docs"]);
    const nested = await files.list(`${base}/docs/`);
    expect(nested.data!.map((item) => item.name)).toEqual(["deep", "x.txt"]);
  });

  it("lists the root as the caller's own folder only", async () => {
    expect((await bed.userA.storage.from("files").list()).data!.map((item) => item.name)).toEqual([base]);
    expect((await bed.userB.storage.from("files").list()).data).toEqual([]);
    expect((await bed.userB.storage.from("files").list(base)).data).toEqual([]);
    expect((await bed.anon.storage.from("files").list(base)).data).toEqual([]);
    expect((await bed.service.storage.from("files").list()).data!.map((item) => item.name)).toEqual([base]);
  });
});

describe("list-v2", () => {
  it("pages flat listings with a cursor", async () => {
    const files = bed.userA.storage.from("files");
    const first = await files.listV2({ prefix: `${base}/`, limit: 4 });
    expect(first.error).toBeNull();
    expect(first.data!.hasNext).toBe(true);
    expect(first.data!.objects.map((o) => o.name)).toEqual([
      `${base}/A.txt`,
      `${base}/b.txt`,
      `${base}/c.txt`,
      `${base}/docs/deep/y.txt`,
    ]);
    const second = await files.listV2({ prefix: `${base}/`, limit: 4, cursor: first.data!.nextCursor });
    expect(second.data!.hasNext).toBe(false);
    expect(second.data!.objects.map((o) => o.name)).toEqual([`${base}/docs/x.txt`, `${base}/pics/p.png`]);
  });

  it("groups folders with a delimiter and sorts by time", async () => {
    const files = bed.userA.storage.from("files");
    const { data } = await files.listV2({ prefix: `${base}/`, with_delimiter: true });
    expect(data!.folders.map((f) => f.name)).toEqual([`${base}/docs`, `${base}/pics`]);
    expect(data!.folders.map((f) => f.key)).toEqual([`${base}/docs/`, `${base}/pics/`]);
    expect(data!.objects.map((o) => o.name)).toEqual([`${base}/A.txt`, `${base}/b.txt`, `${base}/c.txt`]);

    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await files.listV2({
        prefix: `${base}/`,
        limit: 2,
        cursor,
        sortBy: { column: "created_at", order: "desc" },
      });
      names.push(...page.data!.objects.map((o) => o.name.slice(base.length + 1)));
      cursor = page.data!.hasNext ? page.data!.nextCursor : undefined;
    } while (cursor);
    expect(names).toEqual(["pics/p.png", "docs/deep/y.txt", "c.txt", "docs/x.txt", "A.txt", "b.txt"]);
  });

  it("shows other users nothing", async () => {
    const { data } = await bed.userB.storage.from("files").listV2({ prefix: `${base}/` });
    expect(data).toMatchObject({ hasNext: false, folders: [], objects: [] });
  });
});
