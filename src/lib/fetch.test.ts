import { describe, expect, it } from "vitest";
import { ApiError, apiFetch, NETWORK_ERROR_MESSAGE } from "./fetch";

function scriptedFetch(outcomes: Array<Response | Error>) {
  const calls: string[] = [];
  const fetch = async (request: Request) => {
    calls.push(request.method);
    const outcome = outcomes.shift();
    if (!outcome) throw new Error("no more outcomes");
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("apiFetch", () => {
  it("retries a GET up to 3 times on network failure", async () => {
    const network = () => new TypeError("fetch failed");
    const { fetch, calls } = scriptedFetch([network(), network(), network(), json({ ok: true })]);
    await expect(apiFetch("http://test.local/api", { fetch, retry: { backoffLimit: 1 } })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(4);
  });

  it("gives up after 3 retries with a network ApiError", async () => {
    const { fetch, calls } = scriptedFetch(Array.from({ length: 5 }, () => new TypeError("fetch failed")));
    const error = await apiFetch("http://test.local/api", { fetch, retry: { backoffLimit: 1 } }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 0, message: NETWORK_ERROR_MESSAGE });
    expect(calls).toHaveLength(4);
  });

  it("never retries a POST", async () => {
    const { fetch, calls } = scriptedFetch([new TypeError("fetch failed"), json({ ok: true })]);
    await expect(apiFetch("http://test.local/api", { method: "post", fetch })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toEqual(["POST"]);
  });

  it("turns {statusCode, message} into a typed error without retrying", async () => {
    const { fetch, calls } = scriptedFetch([json({ statusCode: 503, message: "服务繁忙" }, 503), json({})]);
    await expect(apiFetch("http://test.local/api", { fetch })).rejects.toMatchObject({
      name: "ApiError",
      statusCode: 503,
      message: "服务繁忙",
    });
    expect(calls).toHaveLength(1);
  });

  it("keeps the HTTP status when the body is not an error object", async () => {
    const { fetch } = scriptedFetch([new Response("<html>", { status: 502 })]);
    await expect(apiFetch("http://test.local/api", { fetch })).rejects.toMatchObject({ statusCode: 502 });
  });
});
