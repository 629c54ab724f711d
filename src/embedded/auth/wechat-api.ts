import type { AuthConfig } from "./config";
import { apiError, badRequest } from "./errors";
import type { ProviderProfile } from "./oauth-provider";

/** Which of the operator's WeChat applications a sign-in went through. */
export type WechatAppKind = "open" | "mp";

export type WechatSettings = AuthConfig["wechat"];

const WECHAT_TIMEOUT_MS = 10_000;

/** Identity-data key of each application's openid: both are kept (JSAPI payments need the 公众号 one). */
export const OPENID_KEY: Record<WechatAppKind, string> = { open: "openid_open", mp: "openid_mp" };

const failed = (what: string, detail: string) => apiError(500, "unexpected_failure", `${what}: ${detail}`);

interface WechatError {
  errcode?: unknown;
  errmsg?: unknown;
}

/**
 * GET on api.weixin.qq.com. WeChat answers failures with HTTP 200 and `{errcode, errmsg}` (e.g.
 * 40029 invalid code, 40163 code been used, 40125 invalid appsecret), often as text/plain.
 */
async function wechatGet<T extends object>(settings: WechatSettings, path: string, query: Record<string, string>, what: string): Promise<T & WechatError> {
  const url = new URL(path, settings.apiBaseUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, { signal: AbortSignal.timeout(WECHAT_TIMEOUT_MS) }).catch((error: unknown) => {
    throw failed(what, error instanceof Error ? error.message : String(error));
  });
  const body = await response
    .text()
    .then((text) => JSON.parse(text) as unknown)
    .catch(() => undefined);
  if (!response.ok || typeof body !== "object" || body === null) throw failed(what, `HTTP ${response.status}`);
  const { errcode, errmsg } = body as WechatError;
  if (typeof errcode === "number" && errcode !== 0) throw failed(what, `errcode ${errcode} ${typeof errmsg === "string" ? errmsg : ""}`.trim());
  return body as T & WechatError;
}

const nonEmpty = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * Trades the callback's code (single use, 5 minutes) for the user's access token and openid, then
 * reads the profile. The identity is keyed by the unionid when the application belongs to an open
 * platform account (the 网站应用 and the 公众号 then name one person alike), else by the openid.
 */
export async function wechatProfile(settings: WechatSettings, kind: WechatAppKind, code: string): Promise<ProviderProfile> {
  const app = settings[kind];
  if (!app) throw badRequest("Unsupported provider: provider is not enabled");
  const token = await wechatGet<{ access_token?: unknown; openid?: unknown; unionid?: unknown }>(
    settings,
    "/sns/oauth2/access_token",
    { appid: app.appId, secret: app.appSecret, code, grant_type: "authorization_code" },
    "Unable to exchange external code",
  );
  const accessToken = nonEmpty(token.access_token);
  const openid = nonEmpty(token.openid);
  if (!accessToken || !openid) throw failed("Unable to exchange external code", "no access_token / openid");
  const info = await wechatGet<{ openid?: unknown; nickname?: unknown; headimgurl?: unknown; unionid?: unknown }>(
    settings,
    "/sns/userinfo",
    { access_token: accessToken, openid, lang: "zh_CN" },
    "Error getting user profile from external provider",
  );
  if (info.openid !== openid) throw failed("Error getting user profile from external provider", "openid mismatch");
  const unionid = nonEmpty(info.unionid) ?? nonEmpty(token.unionid);
  const id = unionid ?? openid;
  const name = nonEmpty(info.nickname);
  const avatar = nonEmpty(info.headimgurl);
  const claims: Record<string, unknown> = {
    sub: id,
    provider_id: id,
    iss: new URL(settings.apiBaseUrl).origin,
    email_verified: false,
    phone_verified: false,
    [OPENID_KEY[kind]]: openid,
    ...(unionid ? { unionid } : {}),
    ...(name ? { name, full_name: name } : {}),
    ...(avatar ? { avatar_url: avatar, picture: avatar } : {}),
  };
  return { id, emailVerified: false, claims, mergeClaims: true };
}
