import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { z } from "@/lib/zod";
import { authSessions, authUsers } from "@/lib/db";
import { clientIp, requestRedirect, type AuthDeps } from "../context";
import { apiError, badRequest } from "../errors";
import { requireUser, type AuthEnv } from "../middleware";
import { findToken, deleteTokens, recordFailedAttempt, tokenHash } from "../one-time-tokens";
import { emailProof } from "../email-proof";
import { assertPasswordStrength, hashPassword, verifyPassword } from "../passwords";
import { readPkce } from "../pkce";
import { metadataSchema, pkceFields, readBody } from "../request";
import { sendEmailToken, sendSmsToken } from "../send";
import { assertSmsAllowed } from "../sms-budget";
import { revokeSessions } from "../sessions";
import { upsertIdentity } from "../user-store";
import { findUserByEmail, findUserByPhone, loadSerializedUser, normalizeEmail, normalizePhone, serializeUser, withProvider } from "../users";
import { recordAuthEvent } from "../audit-log";
import { refuseDemoAccountChange } from "../read-only-accounts";

const updateBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  nonce: z.string().optional(),
  data: metadataSchema.optional(),
  app_metadata: metadataSchema.optional(),
  channel: z.enum(["sms", "whatsapp"]).optional(),
  ...pkceFields,
});

/** Shallow merge where `null` deletes a key (GoTrue's user_metadata update semantics). */
function mergeMetadata(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** How long after signing in a session may change the password without a reauthentication nonce. */
const REAUTHENTICATION_WINDOW_MS = 24 * 60 * 60 * 1000;

export function registerUser(app: Hono<AuthEnv>, deps: AuthDeps) {
  const { config, db } = deps;
  const auth = requireUser(deps);

  app.get("/user", auth, (c) => c.json(serializeUser(c.get("bundle"))));

  app.put("/user", auth, async (c) => {
    // Top-level nulls mean "absent"; nulls inside `data` survive (they delete keys).
    refuseDemoAccountChange(c.get("bundle").user);
    const body = await readBody(c, updateBody);
    await deps.limiter.hit("otp", [clientIp(c)]);
    const { user, factors } = c.get("bundle");
    const session = c.get("session");
    const claims = c.get("claims");
    if (body.app_metadata) throw apiError(403, "not_admin", "Updating app_metadata requires admin privileges");
    const hasVerifiedFactor = factors.some((factor) => factor.status === "verified");
    const sensitive = body.email || body.phone || body.password;
    if (sensitive && hasVerifiedFactor && claims.aal !== "aal2") {
      throw apiError(401, "insufficient_aal", "AAL2 session is required to update email or password when MFA is enabled.");
    }
    const changes: Partial<typeof authUsers.$inferInsert> = {};

    if (body.password !== undefined) {
      if (user.isAnonymous && !user.email && !user.phone && !body.email && !body.phone) {
        throw apiError(422, "validation_failed", "Updating password of an anonymous user without an email or phone is not allowed");
      }
      assertPasswordStrength(body.password, config);
      if (await verifyPassword(body.password, user.encryptedPassword)) {
        throw apiError(422, "same_password", "New password should be different from the old password.");
      }
      // As GoTrue: a session signed in within the last 24 hours is recent enough by itself.
      const sessionIsRecent = session !== undefined && Date.now() - session.createdAt.getTime() < REAUTHENTICATION_WINDOW_MS;
      if (config.passwordChangeRequiresReauthentication && !sessionIsRecent) {
        if (!body.nonce) throw apiError(400, "reauthentication_needed", "Password update requires reauthentication");
        const identifier = user.email || user.phone || "";
        const row = await findToken(db, [tokenHash(identifier, body.nonce)], ["reauthentication_token"]);
        if (!row || row.userId !== user.id || Date.now() > row.createdAt.getTime() + config.otpExpirySeconds * 1000) {
          await recordFailedAttempt(db, { userId: user.id }, ["reauthentication_token"], config.otpMaxAttempts);
          throw apiError(422, "reauthentication_not_valid", "Nonce has expired or is invalid");
        }
        await deleteTokens(db, user.id, ["reauthentication_token"]);
      }
      changes.encryptedPassword = await hashPassword(body.password, config);
    }
    if (body.data) changes.userMetadata = mergeMetadata(user.userMetadata, body.data);
    if (Object.keys(changes).length) {
      await db.update(authUsers).set({ ...changes, updatedAt: new Date() }).where(eq(authUsers.id, user.id));
    }
    if (changes.encryptedPassword) {
      await revokeSessions(deps, user.id, session?.id);
      await deleteTokens(db, user.id, ["recovery_token", "confirmation_token"]);
    }

    if (body.email) {
      const email = normalizeEmail(body.email);
      if (email !== user.email) {
        const taken = await findUserByEmail(db, email);
        if (taken && taken.id !== user.id) {
          throw apiError(422, "email_exists", "A user with this email address has already been registered");
        }
        const pkce = readPkce(body);
        const [fresh] = await db.select().from(authUsers).where(eq(authUsers.id, user.id));
        if (user.isAnonymous && config.autoconfirm) {
          const now = new Date();
          await db
            .update(authUsers)
            .set({
              email,
              emailConfirmedAt: now,
              isAnonymous: false,
              appMetadata: { ...withProvider(user.appMetadata, "email"), ...emailProof("autoconfirm", email) },
              updatedAt: now,
            })
            .where(eq(authUsers.id, user.id));
          await upsertIdentity(deps, user.id, "email", { sub: user.id, email, email_verified: true, phone_verified: false });
        } else {
          await db.update(authUsers).set({ emailChange: email }).where(eq(authUsers.id, user.id));
          const redirectTo = requestRedirect(deps, c);
          await sendEmailToken(deps, { user: fresh!, kind: "email_change", email, redirectTo, pkce });
          if (config.secureEmailChange && user.email) {
            await sendEmailToken(deps, { user: fresh!, kind: "email_change_current", email: user.email, redirectTo, pkce, skipFrequency: true });
          }
        }
      }
    }

    if (body.phone) {
      const phone = normalizePhone(body.phone);
      if (phone !== user.phone) {
        const taken = await findUserByPhone(db, phone);
        if (taken && taken.id !== user.id) throw apiError(422, "phone_exists", "Phone number already registered by another user");
        if (config.smsAutoconfirm ?? config.autoconfirm) {
          const now = new Date();
          await db
            .update(authUsers)
            .set({ phone, phoneConfirmedAt: now, appMetadata: withProvider(user.appMetadata, "phone"), updatedAt: now })
            .where(eq(authUsers.id, user.id));
          await upsertIdentity(deps, user.id, "phone", { sub: user.id, phone, phone_verified: true });
        } else {
          // A number no text may go to (or with no texts left) is refused before it is stored.
          await assertSmsAllowed(deps, clientIp(c), phone);
          await db.update(authUsers).set({ phoneChange: phone }).where(eq(authUsers.id, user.id));
          const [fresh] = await db.select().from(authUsers).where(eq(authUsers.id, user.id));
          await sendSmsToken(deps, { user: fresh!, kind: "phone_change", phone, requester: { ip: clientIp(c), signedIn: true } });
        }
      }
    }
    if (body.password) await recordAuthEvent(db, { userId: user.id, action: "user_updated_password", ip: clientIp(c) });
    if (body.email || body.phone) {
      await recordAuthEvent(db, { userId: user.id, action: "user_modified", traits: { ...(body.email ? { email: body.email } : {}), ...(body.phone ? { phone: body.phone } : {}) }, ip: clientIp(c) });
    }
    return c.json(await loadSerializedUser(db, user.id));
  });

  app.get("/reauthenticate", auth, async (c) => {
    const { user } = c.get("bundle");
    if (!user.email && !user.phone) throw badRequest("Reauthentication requires the user to have an email or a phone number");
    if (user.email) {
      if (!user.emailConfirmedAt) throw apiError(422, "email_not_confirmed", "Please verify your email first.");
      await sendEmailToken(deps, { user, kind: "reauthentication", email: user.email, redirectTo: config.siteUrl });
      return c.json({});
    }
    if (!user.phoneConfirmedAt) throw apiError(422, "phone_not_confirmed", "Please verify your phone first.");
    const { messageId } = await sendSmsToken(deps, { user, kind: "reauthentication", phone: user.phone!, requester: { ip: clientIp(c), signedIn: true } });
    return c.json(messageId ? { message_id: messageId } : {});
  });

  app.post("/logout", auth, async (c) => {
    const scope = c.req.query("scope") ?? "global";
    if (!["global", "local", "others"].includes(scope)) throw badRequest(`Unsupported logout scope ${JSON.stringify(scope)}`);
    const { user } = c.get("bundle");
    const session = c.get("session");
    if (scope === "global") await revokeSessions(deps, user.id);
    else if (scope === "others") {
      if (session) await revokeSessions(deps, user.id, session.id);
    } else if (session) {
      await db.delete(authSessions).where(eq(authSessions.id, session.id));
    }
    await recordAuthEvent(db, { userId: user.id, action: "logout", traits: { scope }, ip: clientIp(c) });
    return c.body(null, 204);
  });
}
