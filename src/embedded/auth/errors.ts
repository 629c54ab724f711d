import type { Context } from "hono";
import { emitAuthMetric } from "./metrics-hook";

/** An error answered in GoTrue's error shape (see `respondWithError`). */
export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AuthApiError";
  }
}

/** OAuth-style error (`{error, error_description}`, always 400), as GoTrue answers some grant errors. */
export class OAuthStyleError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = "OAuthStyleError";
  }
}

export const apiError = (status: number, code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthApiError(status, code, message, extra);

export const badRequest = (message: string) => apiError(400, "validation_failed", message);

export const API_VERSION_HEADER = "X-Supabase-Api-Version";
const API_VERSION_2024 = Date.parse("2024-01-01T00:00:00Z");

/** The requested API version when it selects the 2024 error shape, else undefined (legacy shape). */
export function requestedApiVersion(header: string | undefined): string | undefined {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return undefined;
  const time = Date.parse(`${header}T00:00:00Z`);
  return Number.isFinite(time) && time >= API_VERSION_2024 ? "2024-01-01" : undefined;
}

export function respondWithError(c: Context, error: unknown): Response {
  if (error instanceof OAuthStyleError) {
    return c.json({ error: error.error, error_description: error.description }, 400);
  }
  const apiErr =
    error instanceof AuthApiError
      ? error
      : apiError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information");
  if (!(error instanceof AuthApiError)) console.error("[embedded-auth] unexpected error", error);
  countRefusal(c, apiErr);
  const version = requestedApiVersion(c.req.header(API_VERSION_HEADER));
  if (apiErr.code !== "weak_password") c.header("x-sb-error-code", apiErr.code);
  const status = apiErr.status as 400;
  if (version) {
    c.header(API_VERSION_HEADER, version);
    return c.json({ code: apiErr.code, message: apiErr.message, ...apiErr.extra }, status);
  }
  return c.json({ code: apiErr.status, error_code: apiErr.code, msg: apiErr.message, ...apiErr.extra }, status);
}

/** Sign-in endpoints: a refusal there is a failed sign-in (a refresh failing is not). */
const SIGN_IN_PATH = /\/(token|verify)$/;

function countRefusal(c: Context, error: AuthApiError): void {
  if (error.status === 429) emitAuthMetric({ kind: "rate_limited", code: error.code });
  else if (error.status >= 400 && error.status < 500 && SIGN_IN_PATH.test(c.req.path) && c.req.query("grant_type") !== "refresh_token") {
    emitAuthMetric({ kind: "sign_in_failed", code: error.code });
  }
}
