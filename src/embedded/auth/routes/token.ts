import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { z } from "@/lib/zod";
import { authFlowStates, authUsers } from "@/lib/db";
import { clientIp, type AuthDeps } from "../context";
import { recordAuthEvent } from "../audit-log";
import { apiError, badRequest, OAuthStyleError } from "../errors";
import type { AuthEnv } from "../middleware";
import { passwordWork } from "../password-work";
import { passwordWeaknesses, verifyPassword } from "../passwords";
import type { RefusalTarpit } from "../refusal-tarpit";
import { verifierMatches } from "../pkce";
import { readBody } from "../request";
import { refreshSession, startSession } from "../sessions";
import { findUserByEmail, findUserByPhone, isBanned, normalizeEmail, normalizePhone } from "../users";

const passwordBody = z.object({ email: z.string().optional(), phone: z.string().optional(), password: z.string().optional() });
const refreshBody = z.object({ refresh_token: z.string().optional() });
const pkceBody = z.object({ auth_code: z.string().optional(), code_verifier: z.string().optional() });
const idTokenBody = z.object({ provider: z.string().optional(), issuer: z.string().optional(), id_token: z.string().optional() });

const invalidCredentials = () => apiError(400, "invalid_credentials", "Invalid login credentials");

/** Runs the admission checks; a refusal is thrown after the tarpit's pause for this address and account. */
async function admitPasswordCheck(tarpit: RefusalTarpit, client: string | undefined, identifier: string, checks: () => Promise<void>): Promise<void> {
  try {
    await checks();
  } catch (refusal) {
    await tarpit.pause(client, identifier);
    throw refusal;
  }
}

export function registerToken(app: Hono<AuthEnv>, deps: AuthDeps) {
  const { config } = deps;

  app.post("/token", async (c) => {
    const grantType = c.req.query("grant_type");
    const ip = clientIp(c);
    const meta = { ip, userAgent: c.req.header("user-agent") };

    if (grantType === "password") {
      const body = await readBody(c, passwordBody);
      if (body.email && body.phone) throw badRequest("Only an email address or phone number should be provided on login.");
      if (!body.email && !body.phone) throw badRequest("missing email or phone");
      const identifier = body.email ? normalizeEmail(body.email) : normalizePhone(body.phone!);
      await admitPasswordCheck(deps.tarpit, ip, identifier, async () => {
        await deps.limiter.hit("signIn", [ip, body.email?.toLowerCase() ?? body.phone]);
        passwordWork.assertRoom(ip, identifier);
      });
      const user = body.email
        ? config.emailEnabled
          ? await findUserByEmail(deps.db, normalizeEmail(body.email))
          : (() => {
              throw apiError(422, "email_provider_disabled", "Email logins are disabled");
            })()
        : await findUserByPhone(deps.db, normalizePhone(body.phone!));
      // An unknown address is checked against a dummy hash: same work, same time as a known one.
      const matches = await verifyPassword(body.password ?? "", user?.encryptedPassword ?? null, { config, client: ip, identifier });
      if (!user || !matches) {
        // A wrong password for a real account goes into its security log (after the rate limit, so a
        // flood writes no more rows than it may try); an unknown address has no one to tell. Not
        // awaited: the answer must take as long as for an unknown address (no account probing by time).
        if (user) void recordAuthEvent(deps.db, { userId: user.id, action: "login_failed", traits: { provider: "password" }, ip });
        throw invalidCredentials();
      }
      if (isBanned(user)) throw apiError(400, "user_banned", "User is banned");
      if (body.email && !user.emailConfirmedAt) throw apiError(400, "email_not_confirmed", "Email not confirmed");
      if (body.phone && !user.phoneConfirmedAt) throw apiError(400, "phone_not_confirmed", "Phone not confirmed");
      const session = await startSession(deps, user.id, "password", meta);
      const reasons = passwordWeaknesses(body.password ?? "", config);
      if (reasons.length === 0) return c.json(session);
      return c.json({ ...session, weak_password: { message: "Password does not meet the current requirements", reasons } });
    }

    if (grantType === "refresh_token") {
      const body = await readBody(c, refreshBody);
      if (!body.refresh_token) throw new OAuthStyleError("invalid_request", "refresh_token required");
      await deps.limiter.hit("signIn", [ip]);
      return c.json(await refreshSession(deps, body.refresh_token));
    }

    if (grantType === "pkce") {
      const body = await readBody(c, pkceBody);
      if (!body.auth_code || !body.code_verifier) {
        throw badRequest("invalid request: both auth code and code verifier should be non-empty");
      }
      await deps.limiter.hit("signIn", [ip]);
      const [flow] = await deps.db.select().from(authFlowStates).where(eq(authFlowStates.authCode, body.auth_code));
      // A flow state is only exchangeable once its link / callback has been verified (auth code issued).
      if (!flow || !flow.userId || !flow.authCodeIssuedAt) {
        throw apiError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
      }
      if (Date.now() > flow.authCodeIssuedAt.getTime() + config.flowStateExpirySeconds * 1000) {
        throw apiError(422, "flow_state_expired", "invalid flow state, flow state has expired");
      }
      if (!verifierMatches(body.code_verifier, flow.codeChallenge, flow.codeChallengeMethod)) {
        throw apiError(400, "bad_code_verifier", "code challenge does not match previously saved code verifier");
      }
      await deps.db.delete(authFlowStates).where(eq(authFlowStates.id, flow.id));
      const [user] = await deps.db.select().from(authUsers).where(eq(authUsers.id, flow.userId));
      if (!user) throw apiError(404, "user_not_found", "User not found");
      if (isBanned(user)) throw apiError(400, "user_banned", "User is banned");
      return c.json(await startSession(deps, user.id, flow.authenticationMethod, meta));
    }

    if (grantType === "id_token") {
      const body = await readBody(c, idTokenBody);
      if (!body.id_token) throw new OAuthStyleError("invalid request", "id_token required");
      const provider = body.provider ?? body.issuer ?? "";
      throw apiError(400, "provider_disabled", `Unsupported provider: provider ${provider} is not enabled`.replace("  ", " "));
    }

    if (grantType === "web3") throw apiError(422, "web3_provider_disabled", "Web3 provider is disabled");

    throw apiError(400, "invalid_credentials", "unsupported_grant_type");
  });
}
