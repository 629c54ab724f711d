/**
 * The reasons an OAuth sign-in can come back to /auth/signin with (`?error=<key>`), in our words.
 * The page shows only these: a provider's `error_description`, or any text in a crafted link, is
 * never shown (it could tell the visitor anything); the provider's text goes to the server log.
 */
const OAUTH_ERROR_MESSAGES = {
  access_denied: "用户取消了授权",
  temporarily_unavailable: "第三方服务暂时不可用，请稍后再试",
  server_error: "第三方服务暂时不可用，请稍后再试",
  unsupported_provider: "不支持该登录方式",
  unavailable: "第三方登录暂时不可用",
  exchange_failed: "无法完成第三方登录，请重试",
  incomplete: "第三方登录未完成",
} as const;

export type OAuthErrorKey = keyof typeof OAUTH_ERROR_MESSAGES;

const isKey = (value: string): value is OAuthErrorKey => Object.hasOwn(OAUTH_ERROR_MESSAGES, value);

/** The key for a provider's `error` code (RFC 6749 §4.1.2.1); unknown codes are "incomplete". */
export function oauthErrorKey(providerError: string | null | undefined): OAuthErrorKey {
  return providerError && isKey(providerError) ? providerError : "incomplete";
}

/** The Chinese message for `?error=` on the sign-in page; anything unknown reads as "incomplete". */
export function oauthErrorMessage(key: string): string {
  return OAUTH_ERROR_MESSAGES[isKey(key) ? key : "incomplete"];
}
