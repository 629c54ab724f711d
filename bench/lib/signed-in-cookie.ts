const PASSWORD = "Spark-bench-2026";

/** The session cookies of a new, confirmed account, made the way a browser does (sign-up, mail link, sign-in). */
export async function signedInCookie(baseUrl: string, email = `bench-${Date.now()}@example.com`): Promise<string> {
  const json = { "content-type": "application/json" };
  const signUp = await fetch(`${baseUrl}/api/auth/signup`, { method: "POST", headers: json, body: JSON.stringify({ type: "email", email, password: PASSWORD }) });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ link: string | null }> };
  const link = outbox.messages[0]?.link;
  if (!link) throw new Error("no confirmation link in the dev outbox");
  // The mail links to SITE_URL (unset here): the same path on the bench's server.
  const { pathname, search } = new URL(link);
  await fetch(`${baseUrl}${pathname}${search}`, { redirect: "manual" });
  const signIn = await fetch(`${baseUrl}/api/auth/signin`, { method: "POST", headers: json, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
