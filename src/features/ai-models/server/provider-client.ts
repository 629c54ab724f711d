import OpenAI from "openai";
import type { Hono } from "hono";
import { forwardRequestId } from "@/lib/net/request-context.mjs";
import { EMBEDDED_PROVIDER_BASE_URL, type ProviderSettings } from "./settings";

export type EmbeddedProvider = () => Promise<Pick<Hono, "fetch">>;

/**
 * The official `openai` client for one provider. Retries are off: the model server decides what to
 * retry (the fallback provider, before the first byte). The embedded demo provider is called
 * in-process through the client's `fetch` option, so it is reached by the protocol alone.
 */
export function providerClient(provider: ProviderSettings, options: { embedded: EmbeddedProvider; timeoutMs: number; fetch?: typeof fetch }): OpenAI {
  const embedded = provider.baseUrl === EMBEDDED_PROVIDER_BASE_URL;
  const transport: typeof fetch = embedded ? async (input, init) => (await options.embedded()).fetch(new Request(input, init)) : (options.fetch ?? globalThis.fetch);
  // Each call carries the id of the request it serves (X-Request-Id), for the provider's logs.
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    forwardRequestId(headers);
    return transport(input, { ...init, headers });
  };
  return new OpenAI({
    baseURL: embedded ? "http://embedded-model-provider.invalid" : provider.baseUrl,
    apiKey: provider.apiKey,
    defaultHeaders: provider.headers,
    maxRetries: 0,
    timeout: options.timeoutMs,
    fetch: fetchImpl,
  });
}
