import type { KyInstance, Options } from "ky";

/** The error shape every API of this app answers with (SPEC §3 "Error object"). */
export type ApiErrorBody = { statusCode: number; message: string };

/**
 * Checks an answer's body for that shape. Hand-written rather than zod: this module is in every
 * page's first-load JavaScript, and two typeof checks do not justify a schema library there.
 */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== "object" || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate.statusCode === "number" && typeof candidate.message === "string";
}

/** An API call that failed: `statusCode` 0 means the request never got an answer. */
export class ApiError extends Error implements ApiErrorBody {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const NETWORK_ERROR_MESSAGE = "网络连接失败，请检查网络后重试";
const UNKNOWN_ERROR_MESSAGE = "请求失败，请稍后重试";

/** Requests that can be repeated safely; only these are retried. */
const IDEMPOTENT_METHODS = ["get", "head", "put", "delete", "options", "trace"];

type Ky = typeof import("ky");

/**
 * ky, loaded on the first API call rather than with the page: most pages call our API only after a
 * click or from an effect, and ky is ≈ 5 KB of gzip that every page's first load would carry.
 */
let kyModule: Promise<Ky> | undefined;
const loadKy = () => (kyModule ??= import("ky"));

/**
 * The one HTTP client for the browser's calls to our API (SPEC §7): up to 3 retries on network
 * failure only (an answered request, even a 5xx, is never repeated), idempotent methods only.
 */
let client: Promise<KyInstance> | undefined;
const loadClient = () =>
  (client ??= loadKy().then(({ default: ky }) =>
    ky.create({
      retry: { limit: 3, methods: IDEMPOTENT_METHODS, statusCodes: [], afterStatusCodes: [], retryOnTimeout: false },
      timeout: false,
    }),
  ));

async function toApiError(error: unknown): Promise<ApiError> {
  const { HTTPError } = await loadKy();
  if (error instanceof HTTPError) {
    const body: unknown = await error.response.json().catch(() => undefined);
    return isApiErrorBody(body)
      ? new ApiError(body.statusCode, body.message)
      : new ApiError(error.response.status, UNKNOWN_ERROR_MESSAGE);
  }
  if (error instanceof Error && error.name === "AbortError") throw error;
  return new ApiError(0, NETWORK_ERROR_MESSAGE);
}

/** Calls an API route and answers its JSON, or throws an `ApiError`. */
export async function apiFetch<T>(input: string | URL, options?: Options): Promise<T> {
  let request: KyInstance;
  try {
    request = await loadClient();
  } catch {
    // The client's chunk did not arrive (offline, a deploy in between): the next call tries again.
    client = kyModule = undefined;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  try {
    const response = await request(input, options);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  } catch (error) {
    throw await toApiError(error);
  }
}
