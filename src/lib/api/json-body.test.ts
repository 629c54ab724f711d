import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "@/lib/zod";
import { demoRegistryApps } from "@/features/ai-apps/server/config";
import { seedAppRegistry } from "@/features/ai-apps/server/registry";
import { createDifyProxy, type DifyProxy } from "@/features/ai-apps/server/proxy/handler";
import { serveProxy } from "@/features/ai-apps/server/proxy/testing";
import { openDatabase } from "@/lib/db/open";
import type { DatabaseHandle } from "@/lib/db/types";
import { isJsonContentType, parseJsonBody, withApiErrors } from ".";

// A cross-site page can send `text/plain` (a form with enctype="text/plain", or a fetch without a
// CORS preflight) whose text is JSON: our routes must not take it for JSON.
const UNSUPPORTED = { statusCode: 415, message: "请求内容必须是 JSON（Content-Type: application/json）" };
const hostileBody = JSON.stringify({ title: "跨站写入", body: "" });

describe("parseJsonBody refuses bodies that are not JSON by their type", () => {
  const route = withApiErrors(async (request: Request) => Response.json(await parseJsonBody(request, z.object({ title: z.string() }))));
  const post = (headers: HeadersInit, body = hostileBody) => route(new Request("http://localhost:3000/api/notes", { method: "POST", headers, body }));

  it("answers 415 for text/plain, form and missing types, even when the text is valid JSON", async () => {
    const cases: Record<string, string>[] = [{}, { "Content-Type": "text/plain" }, { "Content-Type": "text/plain;charset=UTF-8" }, { "Content-Type": "application/x-www-form-urlencoded" }, { "Content-Type": "multipart/form-data; boundary=x" }];
    for (const headers of cases) {
      const response = await post(headers);
      expect(response.status, JSON.stringify(headers)).toBe(415);
      expect(await response.json()).toEqual(UNSUPPORTED);
    }
  });

  it("reads application/json (any charset, any +json type)", async () => {
    for (const type of ["application/json", "Application/JSON; charset=utf-8", "application/merge-patch+json"]) {
      const response = await post({ "Content-Type": type });
      expect(response.status, type).toBe(200);
      expect(await response.json()).toEqual({ title: "跨站写入" });
    }
    expect(isJsonContentType("application/jsonx")).toBe(false);
    expect(isJsonContentType("text/json")).toBe(false);
  });
});

describe("the app's JSON routes refuse a text/plain body", () => {
  it("POST /api/auth/signin answers 415 before reading credentials", async () => {
    const { POST } = await import("@/app/api/auth/signin/route");
    const request = new Request("http://localhost:3000/api/auth/signin", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ email: "victim@example.com", password: "whatever-password" }),
    });
    const response = await POST(request);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(UNSUPPORTED);
  });

  describe("the Dify proxy (/api/ai/dify/*)", () => {
    let handle: DatabaseHandle;
    let proxy: DifyProxy;
    let server: Awaited<ReturnType<typeof serveProxy>>;
    const user = randomUUID();

    beforeAll(async () => {
      handle = await openDatabase({ kind: "pglite" });
      await seedAppRegistry(handle.db, demoRegistryApps());
      proxy = createDifyProxy({ database: async () => handle.db, demoPaceMs: 2 });
      server = await serveProxy(proxy);
    });
    afterAll(async () => {
      await server.close();
      await proxy.idle();
      await handle.close();
    });

    const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
      fetch(`${server.baseUrl}/${path}?appid=demo-chat`, { method, headers: { "x-test-user": user, ...headers }, body });

    it("answers 415 for a text/plain chat message", async () => {
      const response = await send("POST", "chat-messages", { "Content-Type": "text/plain" }, JSON.stringify({ query: "你好", inputs: {}, response_mode: "blocking" }));
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual(UNSUPPORTED);
    });

    it("still takes JSON, and an empty body where the call needs none", async () => {
      const chat = await send("POST", "chat-messages", { "Content-Type": "application/json" }, JSON.stringify({ query: "你好", inputs: {}, response_mode: "blocking" }));
      expect(chat.status).toBe(200);
      const stop = await send("POST", "chat-messages/no-such-task/stop", {});
      expect(stop.status).not.toBe(415);
    });
  });
});
