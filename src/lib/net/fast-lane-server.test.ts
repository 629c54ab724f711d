import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { withFastLane } from "./fast-lane-server.mjs";

// server.mjs's side of the fast lane over real sockets: which requests reach the lane (the Web
// handler the app's start-up puts on globalThis) and which reach Next.js.
const FAST_LANE_KEY = Symbol.for("sparkai.fast-lane");
type Lane = { serves: (method: string, pathname: string) => boolean; answer: (request: Request) => Promise<Response> };
const holder = globalThis as typeof globalThis & { [FAST_LANE_KEY]?: Lane };
const processRequest = globalThis.Request;
const processResponse = globalThis.Response;

let server: Server | undefined;
afterEach(async () => {
  delete holder[FAST_LANE_KEY];
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function start(): Promise<{ baseUrl: string; nextSaw: string[] }> {
  const nextSaw: string[] = [];
  const next = (req: IncomingMessage, res: ServerResponse) => {
    nextSaw.push(`${req.method} ${req.url}`);
    res.end("next");
  };
  server = createServer(withFastLane(next));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, nextSaw };
}

function openLane(answer: Lane["answer"]): Request[] {
  const seen: Request[] = [];
  holder[FAST_LANE_KEY] = {
    serves: (method, pathname) => method === "POST" && pathname.startsWith("/api/ai/dify/"),
    answer: async (request) => {
      seen.push(request);
      return answer(request);
    },
  };
  return seen;
}

describe("withFastLane", () => {
  it("hands everything to Next.js until the app has opened the lane", async () => {
    const { baseUrl, nextSaw } = await start();
    expect(await (await fetch(`${baseUrl}/api/ai/dify/chat-messages`, { method: "POST", body: "{}" })).text()).toBe("next");
    expect(nextSaw).toEqual(["POST /api/ai/dify/chat-messages"]);
  });

  it("gives the lane what it serves, with the path normalised as the lane's Request has it, the rest to Next.js", async () => {
    const { baseUrl, nextSaw } = await start();
    const seen = openLane(async (request) => Response.json({ url: request.url, body: await request.text() }));
    const laneAnswer = await fetch(`${baseUrl}/api/x/../ai/dify/chat-messages?appid=a`, { method: "POST", body: '{"q":1}' });
    expect(await laneAnswer.json()).toEqual({ url: expect.stringMatching(/\/api\/ai\/dify\/chat-messages\?appid=a$/), body: '{"q":1}' });
    expect(await (await fetch(`${baseUrl}/api/ai/dify/chat-messages`)).text()).toBe("next"); // GET: not served
    expect(await (await fetch(`${baseUrl}/dashboard`)).text()).toBe("next");
    expect(seen).toHaveLength(1);
    expect(nextSaw).toEqual(["GET /api/ai/dify/chat-messages", "GET /dashboard"]);
    // The listener leaves the process's own Request / Response classes alone (Next.js uses them).
    expect(globalThis.Request).toBe(processRequest);
    expect(globalThis.Response).toBe(processResponse);
  });

  it("hands the lane a Request of the process's own class, which handlers may wrap again (the auth service's body limit does)", async () => {
    const { baseUrl } = await start();
    openLane(async (request) => {
      const rewrapped = new Request(request, { body: await request.arrayBuffer() });
      return Response.json({ method: rewrapped.method, body: await rewrapped.text(), header: rewrapped.headers.get("x-test") });
    });
    const answer = await fetch(`${baseUrl}/api/ai/dify/conversations/c1`, { method: "POST", headers: { "x-test": "1" }, body: "hello" });
    expect(await answer.json()).toEqual({ method: "POST", body: "hello", header: "1" });
  });

  it("streams an answer event by event (SSE is not buffered) and aborts the lane's Request when the client leaves", async () => {
    const { baseUrl } = await start();
    let aborted: () => void = () => undefined;
    const abortSeen = new Promise<void>((resolve) => (aborted = resolve));
    openLane(async (request) => {
      request.signal.addEventListener("abort", () => aborted());
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("data: first\n\n"));
          // Nothing more until the client leaves: a buffered answer would never reach it.
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    });
    const client = new AbortController();
    const response = await fetch(`${baseUrl}/api/ai/dify/chat-messages`, { method: "POST", body: "{}", signal: client.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: first\n\n");
    client.abort();
    await abortSeen;
  });
});
