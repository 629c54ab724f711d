import type { AuthConfig } from "./config";
import { apiError } from "./errors";

export type ProviderSettings = AuthConfig["externalProviders"][string];

/** What the provider says about the user, in GoTrue's identity-data vocabulary. */
export interface ProviderProfile {
  /** The provider's stable id of the user (`sub`, or `id` for GitHub-like APIs). */
  id: string;
  email?: string;
  emailVerified: boolean;
  /** Stored as the identity's data and copied into `user_metadata`, as GoTrue does. */
  claims: Record<string, unknown>;
  /**
   * Merge `claims` into what the identity already holds instead of replacing it (WeChat: each
   * application reports only its own openid, and all of them stay known).
   */
  mergeClaims?: boolean;
}

const PROVIDER_TIMEOUT_MS = 10_000;

const failed = (what: string, detail: string) => apiError(500, "unexpected_failure", `${what}: ${detail}`);

/** Trades the callback's code at the token endpoint (client credentials in the body, RFC 6749 §2.3.1). */
export async function exchangeProviderCode(provider: ProviderSettings, code: string, redirectUri: string): Promise<string> {
  const response = await fetch(provider.tokenUrl, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw failed("Unable to exchange external code", error instanceof Error ? error.message : String(error));
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown };
  if (!response.ok || typeof body.access_token !== "string") {
    throw failed("Unable to exchange external code", typeof body.error === "string" ? body.error : `HTTP ${response.status}`);
  }
  return body.access_token;
}

/** Reads the user from the provider's user info endpoint with the provider's access token. */
export async function fetchProviderProfile(provider: ProviderSettings, accessToken: string): Promise<ProviderProfile> {
  const response = await fetch(provider.userInfoUrl, {
    headers: { accept: "application/json", authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw failed("Error getting user profile from external provider", error instanceof Error ? error.message : String(error));
  });
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  const rawId = body?.sub ?? body?.id;
  if (!response.ok || !body || (typeof rawId !== "string" && typeof rawId !== "number") || rawId === "") {
    throw failed("Error getting user profile from external provider", `HTTP ${response.status}`);
  }
  const id = String(rawId);
  const email = typeof body.email === "string" && body.email.includes("@") ? body.email.trim().toLowerCase() : undefined;
  const emailVerified = email !== undefined && (body.email_verified === true || body.email_verified === "true");
  const name = [body.name, body.full_name, body.login].find((value): value is string => typeof value === "string" && value !== "");
  const avatar = [body.picture, body.avatar_url].find((value): value is string => typeof value === "string" && value !== "");
  const claims: Record<string, unknown> = {
    sub: id,
    provider_id: id,
    iss: new URL(provider.userInfoUrl).origin,
    email_verified: emailVerified,
    phone_verified: false,
    ...(email ? { email } : {}),
    ...(name ? { name, full_name: name } : {}),
    ...(avatar ? { avatar_url: avatar, picture: avatar } : {}),
  };
  return { id, email, emailVerified, claims };
}
