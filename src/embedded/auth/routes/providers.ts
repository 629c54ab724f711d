import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Context, Hono } from "hono";
import { authIdentities, authUsers } from "@/lib/db";
import { requestRedirect, type AuthDeps } from "../context";
import { apiError, badRequest } from "../errors";
import { requireUser, type AuthEnv } from "../middleware";
import { isUuid } from "../request";

/** OAuth sign-in / linking: only providers configured in `externalProviders` exist. */
export function registerProviders(app: Hono<AuthEnv>, deps: AuthDeps) {
  const { config, db } = deps;

  function providerRedirect(c: Context): string {
    const name = c.req.query("provider") ?? "";
    const provider = config.externalProviders[name];
    if (!provider) throw badRequest("Unsupported provider: provider is not enabled");
    const url = new URL(provider.authorizeUrl);
    url.searchParams.set("client_id", provider.clientId);
    url.searchParams.set("redirect_uri", `${deps.externalUrl}/callback`);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", c.req.query("scopes") ?? provider.scopes ?? "");
    url.searchParams.set("state", `${randomUUID()}|${encodeURIComponent(requestRedirect(deps, c))}`);
    return url.toString();
  }

  app.get("/authorize", (c) => c.redirect(providerRedirect(c), 302));

  app.get("/callback", () => {
    throw apiError(400, "bad_oauth_callback", "OAuth callback with missing authorization code or state");
  });

  const manualLinking = () => {
    if (!config.manualLinking) throw apiError(404, "manual_linking_disabled", "Manual linking is disabled");
  };

  app.get("/user/identities/authorize", requireUser(deps), (c) => {
    manualLinking();
    const url = providerRedirect(c);
    if (c.req.query("skip_http_redirect") === "true") return c.json({ url });
    return c.redirect(url, 302);
  });

  app.delete("/user/identities/:id", requireUser(deps), async (c) => {
    manualLinking();
    const id = c.req.param("id");
    if (!isUuid(id)) throw badRequest("identity_id must be an UUID");
    const { user, identities } = c.get("bundle");
    const identity = identities.find((candidate) => candidate.id === id);
    if (!identity) throw apiError(404, "identity_not_found", "Identity doesn't exist");
    if (identities.length <= 1) {
      throw apiError(422, "single_identity_not_deletable", "User must have at least 1 identity after unlinking");
    }
    const identityEmail = identity.identityData.email;
    const primaryEmailStaysLinked = identities.some(
      (other) => other.id !== identity.id && other.identityData.email === user.email,
    );
    if (user.email && identityEmail === user.email && !primaryEmailStaysLinked) {
      throw apiError(422, "email_conflict_identity_not_deletable", "Unable to unlink identity due to email conflict");
    }
    await db.delete(authIdentities).where(and(eq(authIdentities.id, identity.id), eq(authIdentities.userId, user.id)));
    const providers = identities.filter((other) => other.id !== identity.id).map((other) => other.provider);
    const unique = [...new Set(providers)];
    await db
      .update(authUsers)
      .set({ appMetadata: { ...user.appMetadata, provider: unique[0], providers: unique }, updatedAt: new Date() })
      .where(eq(authUsers.id, user.id));
    return c.json({});
  });
}
