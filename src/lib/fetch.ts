import ky, { HTTPError, type Options } from "ky";
import { z } from "zod";

/** The error shape every API of this app answers with (SPEC §3 "Error object"). */
export const apiErrorBodySchema = z.object({ statusCode: z.number().int(), message: z.string() });

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

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

/**
 * The one HTTP client for the browser's calls to our API (SPEC §7): up to 3 retries on network
 * failure only (an answered request, even a 5xx, is never repeated), idempotent methods only.
 */
const client = ky.create({
  retry: { limit: 3, methods: IDEMPOTENT_METHODS, statusCodes: [], afterStatusCodes: [], retryOnTimeout: false },
  timeout: false,
});

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof HTTPError) {
    const body: unknown = await error.response.json().catch(() => undefined);
    const parsed = apiErrorBodySchema.safeParse(body);
    return parsed.success
      ? new ApiError(parsed.data.statusCode, parsed.data.message)
      : new ApiError(error.response.status, UNKNOWN_ERROR_MESSAGE);
  }
  if (error instanceof Error && error.name === "AbortError") throw error;
  return new ApiError(0, NETWORK_ERROR_MESSAGE);
}

/** Calls an API route and answers its JSON, or throws an `ApiError`. */
export async function apiFetch<T>(input: string | URL, options?: Options): Promise<T> {
  try {
    const response = await client(input, options);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  } catch (error) {
    throw await toApiError(error);
  }
}
