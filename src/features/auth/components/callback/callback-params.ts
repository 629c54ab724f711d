/** What an auth redirect can carry, from the query or the hash (the hash wins when both have a key). */
export type CallbackParams = {
  error: string | null;
  errorCode: string | null;
  errorDescription: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  /** PKCE authorization code, traded for a session with the verifier this browser kept. */
  code: string | null;
  /** recovery, signup, email_change, … (GoTrue puts it in the hash; our redirect URLs in the query). */
  type: string | null;
  /** GoTrue's note after the first of two e-mail change confirmations. */
  message: string | null;
};

export function readCallbackParams(location: { search: string; hash: string }): CallbackParams {
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  const read = (key: string) => hash.get(key) || query.get(key) || null;
  return {
    error: read("error"),
    errorCode: read("error_code"),
    errorDescription: read("error_description"),
    accessToken: read("access_token"),
    refreshToken: read("refresh_token"),
    code: query.get("code") || null,
    type: read("type"),
    message: read("message"),
  };
}

export function hasLinkError(params: CallbackParams): boolean {
  return Boolean(params.error || params.errorCode || params.errorDescription);
}
