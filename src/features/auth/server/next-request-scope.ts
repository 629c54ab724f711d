// Test support (not a test file): runs a route handler the way Next.js does, inside the request
// scope that `cookies()` and `headers()` read, so a test can call it with a plain Request.
// These are Next.js internals (next is pinned exactly; a change there shows up as a failing test).
// First: what `next start` sets up before anything else (AsyncLocalStorage on globalThis).
import "next/dist/server/node-environment-baseline";
import { createRequestStoreForAPI } from "next/dist/server/async-storage/request-store";
import { createWorkStore } from "next/dist/server/async-storage/work-store";
import { appendMutableCookies } from "next/dist/server/web/spec-extension/adapters/request-cookies";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";

type RouteHandler = (request: Request) => Promise<Response>;

export async function callRouteHandler(handler: RouteHandler, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const workStore = createWorkStore({
    page: url.pathname,
    renderOpts: { experimental: {} } as never, // only the fields a route handler reads; unused here
    buildId: "test",
    deploymentId: "",
    previouslyRevalidatedTags: [],
  });
  const requestStore = createRequestStoreForAPI(request as never, url as never, undefined as never, undefined, undefined as never, undefined);
  const response = await workAsyncStorage.run(workStore, () => workUnitAsyncStorage.run(requestStore, () => handler(request)));
  // As Next.js's route module does: cookies the handler set through `cookies()` join the answer.
  const headers = new Headers(response.headers);
  if (!appendMutableCookies(headers, requestStore.mutableCookies)) return response;
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
