import { afterEach, describe, expect, it, vi } from "vitest";

// The HTTP client is loaded on the first API call (src/lib/fetch.ts): a client chunk that fails to load
// is a network error the caller can show, and the next call loads it again.
describe("apiFetch when the HTTP client's chunk does not load", () => {
  afterEach(() => {
    vi.doUnmock("ky");
    vi.resetModules();
  });

  it("answers a network ApiError, then works once the chunk loads", async () => {
    vi.doMock("ky", () => {
      throw new Error("Loading chunk failed");
    });
    const { apiFetch, ApiError, NETWORK_ERROR_MESSAGE } = await import("./fetch");
    const fetch = (async () => Response.json({ ok: true })) as typeof globalThis.fetch;
    const failed = await apiFetch("http://test.local/api", { fetch }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ statusCode: 0, message: NETWORK_ERROR_MESSAGE });

    vi.doUnmock("ky");
    await expect(apiFetch("http://test.local/api", { fetch })).resolves.toEqual({ ok: true });
  });
});
