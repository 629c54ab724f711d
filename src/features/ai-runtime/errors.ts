/** A failed call to the proxy: `statusCode` 0 means no answer came back (network). */
export class DifyRequestError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "DifyRequestError";
  }
}

export const NETWORK_MESSAGE = "网络连接失败，请检查网络后重试";
export const GENERIC_MESSAGE = "请求失败，请稍后重试";
/** The proxy's answer when the month's quota is used up (402). */
export const QUOTA_STATUS = 402;
/** The proxy's answer when the plan's AI calls are all in flight (429): 重试 once one has finished. */
export const TOO_MANY_CALLS_STATUS = 429;

/** Reads a proxy error body `{statusCode, message, code?}` into an error. */
export async function errorFromResponse(response: Response): Promise<DifyRequestError> {
  const body: unknown = await response.json().catch(() => undefined);
  if (body && typeof body === "object") {
    const { message, code } = body as { message?: unknown; code?: unknown };
    if (typeof message === "string" && message) {
      return new DifyRequestError(response.status, message, typeof code === "string" ? code : undefined);
    }
  }
  return new DifyRequestError(response.status, GENERIC_MESSAGE);
}

/** Shown-to-user text of anything thrown by a call. */
export function messageOf(error: unknown): string {
  if (error instanceof DifyRequestError) return error.message;
  if (error && typeof error === "object" && "message" in error && "statusCode" in error) return String(error.message);
  return GENERIC_MESSAGE;
}

export function statusOf(error: unknown): number {
  if (error && typeof error === "object" && "statusCode" in error && typeof error.statusCode === "number") return error.statusCode;
  return 0;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}
