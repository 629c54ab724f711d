"use server";

import { cookies } from "next/headers";
import { redirectCookieName } from "../route-guard";
import { safeRedirectPath } from "../safe-redirect";

/**
 * The page the route guard saved before sending the visitor to sign in (an httpOnly cookie, so only
 * the server can read it), once: the cookie is deleted. Only same-site paths are answered.
 */
export async function consumeRedirectPath(): Promise<string | null> {
  const name = redirectCookieName();
  if (!name) return null;
  const store = await cookies();
  const saved = safeRedirectPath(store.get(name)?.value);
  if (store.has(name)) store.delete(name);
  return saved;
}
