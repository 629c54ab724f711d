import { and, eq, isNull } from "drizzle-orm";
import type { Context, Hono } from "hono";
import { authFlowStates, authIdentities, authUsers } from "@/lib/db";
import { clientIp, requestRedirect, type AuthDeps } from "../context";
import { apiError, AuthApiError, badRequest } from "../errors";
import { requireUser, type AuthEnv } from "../middleware";
import { exchangeProviderCode, fetchProviderProfile, type ProviderProfile } from "../oauth-provider";
import { userForProviderIdentity } from "../oauth-users";
import { consumeOAuthState, reserveOAuthState } from "../oauth-states";
import { createFlowState } from "../one-time-tokens";
import { readPkce } from "../pkce";
import { refuseDemoAccountChange } from "../read-only-accounts";
import { errorRedirect, sessionRedirect, withQuery } from "../redirect-params";
import { isUuid } from "../request";
import { startSession } from "../sessions";
import { isBanned } from "../users";
import { wechatProfile, type WechatAppKind } from "../wechat-api";
import { takeWechatState, wechatAuthorizeUrl, wechatAppFor } from "../wechat-state";

/** Signed `state` of an OAuth round trip: where to go back to, and which flow it belongs to. */
interface OAuthState {
  purpose: "oauth_state";
  provider: string;
  redirect_to: string;
  flow_state_id?: string;
  link_user_id?: string;
  /** WeChat only: which application (网站应用 or 公众号) the code will come from. */
  wechat_app?: WechatAppKind;
  /** The row the first callback spends (`oauth-states.ts`): a state is good for one sign-in. */
  once: string;
}

const STATE_LIFETIME_SECONDS = 600;

/**
 * OAuth sign-in / linking: the providers configured in `externalProviders`, and `wechat` when a
 * WeChat application is configured (its own authorize URL and callback: `wechat-state.ts`).
 */
export function registerProviders(app: Hono<AuthEnv>, deps: AuthDeps) {
  const { config, db } = deps;
  const callbackUrl = `${deps.externalUrl}/callback`;
  const wechatCallbackUrl = `${deps.externalUrl}/callback/wechat`;
  const signState = (state: OAuthState) => deps.keys.sign({ ...state, exp: Math.floor(Date.now() / 1000) + STATE_LIFETIME_SECONDS });

  /** The provider's consent page for this request (WeChat's also sets the state cookie on `c`). */
  async function providerRedirect(c: Context, linkUserId?: string): Promise<string> {
    const name = c.req.query("provider") ?? "";
    const provider = config.externalProviders[name];
    const wechatApp = name === "wechat" ? wechatAppFor(config.wechat, c.req.header("user-agent")) : undefined;
    if (!provider && !wechatApp) throw badRequest("Unsupported provider: provider is not enabled");
    const pkce = readPkce({ code_challenge: c.req.query("code_challenge"), code_challenge_method: c.req.query("code_challenge_method") });
    const flow = pkce
      ? await createFlowState(db, { ...pkce, userId: null, providerType: name, authenticationMethod: "oauth" })
      : undefined;
    const state: OAuthState = {
      purpose: "oauth_state",
      provider: name,
      redirect_to: requestRedirect(deps, c),
      once: await reserveOAuthState(db, STATE_LIFETIME_SECONDS),
      ...(flow ? { flow_state_id: flow.id } : {}),
      ...(linkUserId ? { link_user_id: linkUserId } : {}),
      ...(wechatApp ? { wechat_app: wechatApp } : {}),
    };
    if (wechatApp) {
      const signedState = await signState(state);
      return wechatAuthorizeUrl(c, config.wechat, wechatApp, { signedState, callbackUrl: wechatCallbackUrl, lifetimeSeconds: STATE_LIFETIME_SECONDS });
    }
    const url = new URL(provider!.authorizeUrl);
    url.searchParams.set("client_id", provider!.clientId);
    url.searchParams.set("redirect_uri", callbackUrl);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", c.req.query("scopes") ?? provider!.scopes ?? "");
    url.searchParams.set("state", await signState(state));
    return url.toString();
  }

  async function readState(raw: string | undefined): Promise<OAuthState> {
    const claims = raw ? ((await deps.keys.verify(raw).catch(() => undefined)) as Partial<OAuthState> | undefined) : undefined;
    const valid = claims?.purpose === "oauth_state" && !!claims.provider && !!claims.redirect_to && isUuid(claims.once ?? "");
    if (!valid || !(await consumeOAuthState(db, claims.once!))) {
      throw apiError(400, "bad_oauth_state", "OAuth state parameter is invalid or has expired");
    }
    return claims as OAuthState;
  }

  /**
   * Turns the provider's answer into the app's redirect, as GoTrue's callback: the user (found,
   * linked or created), then a PKCE code or the implicit session; failures as error parameters.
   */
  async function finish(c: Context, state: OAuthState, profileFromCode: (code: string) => Promise<ProviderProfile>, missingCode: AuthApiError) {
    const pkce = state.flow_state_id !== undefined;
    try {
      const providerError = c.req.query("error");
      if (providerError) {
        throw apiError(403, "oauth_provider_error", c.req.query("error_description") ?? providerError);
      }
      const code = c.req.query("code");
      if (!code) throw missingCode;
      const profile = await profileFromCode(code);
      const user = await userForProviderIdentity(deps, state.provider, profile, state.link_user_id);
      if (isBanned(user)) throw apiError(403, "user_banned", "User is banned");
      if (pkce) {
        const [flow] = await db
          .update(authFlowStates)
          .set({ userId: user.id, authCodeIssuedAt: new Date() })
          .where(and(eq(authFlowStates.id, state.flow_state_id!), isNull(authFlowStates.authCodeIssuedAt)))
          .returning();
        if (!flow) throw apiError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
        return c.redirect(withQuery(state.redirect_to, { code: flow.authCode }), 302);
      }
      const session = await startSession(deps, user.id, "oauth", { ip: clientIp(c), userAgent: c.req.header("user-agent") });
      return c.redirect(sessionRedirect(state.redirect_to, session, {}), 302);
    } catch (error) {
      if (!(error instanceof AuthApiError)) throw error;
      return c.redirect(errorRedirect(state.redirect_to, error, pkce), 302);
    }
  }

  app.get("/authorize", async (c) => c.redirect(await providerRedirect(c), 302));

  /** The provider sends the browser back here; the answer is a redirect to the app, as GoTrue's. */
  app.get("/callback", async (c) => {
    const state = await readState(c.req.query("state"));
    return finish(
      c,
      state,
      async (code) => {
        const provider = config.externalProviders[state.provider];
        if (!provider) throw badRequest("Unsupported provider: provider is not enabled");
        return fetchProviderProfile(provider, await exchangeProviderCode(provider, code, callbackUrl));
      },
      apiError(400, "bad_oauth_callback", "OAuth callback with missing authorization code"),
    );
  });

  /** WeChat's way back: `state` is only the binding of the signed state kept in the cookie. */
  app.get("/callback/wechat", async (c) => {
    const state = await readState(takeWechatState(c, wechatCallbackUrl, c.req.query("state")));
    const kind = state.wechat_app;
    if (state.provider !== "wechat" || !kind) throw apiError(400, "bad_oauth_state", "OAuth state parameter is invalid or has expired");
    // A refusal comes back with the state and no code.
    return finish(c, state, (code) => wechatProfile(config.wechat, kind, code), apiError(403, "oauth_provider_error", "用户拒绝了微信授权"));
  });

  const manualLinking = () => {
    if (!config.manualLinking) throw apiError(404, "manual_linking_disabled", "Manual linking is disabled");
  };

  app.get("/user/identities/authorize", requireUser(deps), async (c) => {
    manualLinking();
    refuseDemoAccountChange(c.get("bundle").user);
    const url = await providerRedirect(c, c.get("bundle").user.id);
    if (c.req.query("skip_http_redirect") === "true") return c.json({ url });
    return c.redirect(url, 302);
  });

  app.delete("/user/identities/:id", requireUser(deps), async (c) => {
    manualLinking();
    const id = c.req.param("id");
    if (!isUuid(id)) throw badRequest("identity_id must be an UUID");
    const { user, identities } = c.get("bundle");
    refuseDemoAccountChange(user);
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
