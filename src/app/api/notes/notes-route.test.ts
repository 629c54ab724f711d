import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// First: the request scope sets up what `next start` has before anything of Next.js loads.
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The real notes routes on a throwaway embedded database; only "who is signed in" is stubbed.
const dataDir = mkdtempSync(path.join(tmpdir(), "spark-notes-route-"));
vi.stubEnv("DATA_DIR", dataDir);
vi.stubEnv("DATABASE_URL", "");
const userId = randomUUID();
vi.mock("@/features/auth/server", () => ({ requireCurrentUserId: async () => userId }));

const notes = await import("./route");
const { closeDatabase } = await import("@/lib/db");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (body: unknown) =>
  callRouteHandler(
    notes.POST,
    new Request("http://localhost:3000/api/notes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  );
const list = (query = "") =>
  callRouteHandler(notes.GET as (request: Request) => Promise<Response>, new NextRequest(`http://localhost:3000/api/notes${query}`));

describe("/api/notes input edge cases", () => {
  // The first call opens the database (migrations).
  beforeAll(async () => expect((await list()).status).toBe(200));

  it("answers 400 with a Chinese message for control characters in a title or body, and stores nothing", async () => {
    for (const body of [{ title: "a\u0000b" }, { title: "响铃\u0007" }, { title: "正常", body: "零\u0000字节" }]) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ statusCode: 400, message: expect.stringMatching(/控制字符/) });
    }
    expect((await (await list()).json()).notes).toEqual([]);
    // Line breaks and tabs in the body stay allowed.
    expect((await post({ title: "多行", body: "第一行\n\t第二行\r\n" })).status).toBe(201);
  });

  it("ignores a NUL in the search query instead of failing", async () => {
    const response = await list("?q=%E5%A4%9A%00");
    expect(response.status).toBe(200);
    expect((await response.json()).notes.map((note: { title: string }) => note.title)).toEqual(["多行"]);
  });

  it("answers the list with Cache-Control: private, no-store", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect((await post({ title: "缓存" })).headers.get("cache-control")).toBe("private, no-store");
  });
});
