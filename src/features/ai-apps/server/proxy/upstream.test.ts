import { afterEach, describe, expect, it, vi } from "vitest";
import type { AiApp } from "../registry";
import { createUpstreamCaller } from "./upstream";

const app: AiApp = { appid: "hosted", kind: "chat", name: "托管应用", description: "", icon: "", upstreamBaseUrl: "https://dify.example.com/v1", upstreamSecretKey: "app-secret", enabled: true };
const neverEmbedded = () => Promise.reject(new Error("not embedded"));

describe("createUpstreamCaller", () => {
  const original = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = original;
  });

  it("calls a hosted upstream with Node's own fetch, not the wrapper Next.js puts on the global fetch", async () => {
    const nodeFetch = vi.fn(async () => new Response("{}", { headers: { "content-type": "application/json" } }));
    const wrapper = Object.assign(vi.fn(original), { _nextOriginalFetch: nodeFetch });
    globalThis.fetch = wrapper;
    const call = createUpstreamCaller({ embedded: neverEmbedded, models: neverEmbedded });

    await call(app, { method: "POST", path: "/chat-messages", json: { query: "你好" }, signal: AbortSignal.timeout(1_000) });

    expect(wrapper).not.toHaveBeenCalled();
    expect(nodeFetch).toHaveBeenCalledOnce();
    const [url, init] = nodeFetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://dify.example.com/v1/chat-messages");
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer app-secret");
  });

  it("uses the global fetch where nothing wraps it", async () => {
    const plain = vi.fn(async () => new Response(null, { status: 204 }));
    globalThis.fetch = plain;
    const call = createUpstreamCaller({ embedded: neverEmbedded, models: neverEmbedded });
    await call(app, { method: "GET", path: "/parameters", signal: AbortSignal.timeout(1_000) });
    expect(plain).toHaveBeenCalledOnce();
  });
});
