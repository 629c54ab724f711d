import { randomUUID } from "node:crypto";
import { and, eq, gt, lt, ne, sql, sum } from "drizzle-orm";
import type { Hono } from "hono";
import { generateSecret, generateURI, verify as verifyTotp } from "otplib";
import QRCode from "qrcode";
import { z } from "@/lib/zod";
import { authMfaChallenges, authMfaFactors, authSessions, type AuthFactorRow } from "@/lib/db";
import { clientIp, type AuthDeps } from "../context";
import { apiError, badRequest } from "../errors";
import { renderSms } from "../mail-templates";
import { deliverSms } from "../sms-budget";
import { requireUser, type AuthEnv } from "../middleware";
import { generateOtp, tokenHash } from "../one-time-tokens";
import { isUuid, readBody } from "../request";
import { reissueSession } from "../sessions";
import { normalizePhone } from "../users";
import { recordAuthEvent } from "../audit-log";
import { refuseDemoAccountChange } from "../read-only-accounts";

const CHALLENGE_LIFETIME_MS = 300_000;
const enrollBody = z.object({
  factor_type: z.string().optional(),
  friendly_name: z.string().optional(),
  issuer: z.string().optional(),
  phone: z.string().optional(),
});
const challengeBody = z.object({ channel: z.enum(["sms", "whatsapp"]).optional() });
const verifyBody = z.object({ challenge_id: z.string().optional(), code: z.string().optional() });

const factorNotFound = () => apiError(404, "mfa_factor_not_found", "Factor not found");
const burntChallenge = (id: string) =>
  apiError(422, "mfa_challenge_expired", `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`);

/**
 * Wrong codes of a factor across all its recent challenges: the per-challenge cap alone would let
 * a client open challenge after challenge and keep guessing the 10^6 TOTP space.
 */
async function assertFactorGuessBudget(deps: AuthDeps, factorId: string): Promise<void> {
  const { max, windowSeconds } = deps.config.mfaFactorFailures;
  const [row] = await deps.db
    .select({ failures: sum(authMfaChallenges.failedAttempts).mapWith(Number) })
    .from(authMfaChallenges)
    .where(and(eq(authMfaChallenges.factorId, factorId), gt(authMfaChallenges.createdAt, new Date(Date.now() - windowSeconds * 1000))));
  if ((row?.failures ?? 0) >= max) {
    throw apiError(429, "too_many_requests", "Too many MFA verification attempts, please try again later");
  }
}

export function registerFactors(app: Hono<AuthEnv>, deps: AuthDeps) {
  const { db, config } = deps;
  const auth = requireUser(deps);

  function ownFactor(factors: AuthFactorRow[], id: string): AuthFactorRow {
    if (!isUuid(id)) throw badRequest("factor_id must be an UUID");
    const factor = factors.find((candidate) => candidate.id === id);
    if (!factor) throw factorNotFound();
    return factor;
  }

  app.post("/factors", auth, async (c) => {
    const body = await readBody(c, enrollBody);
    const { user, factors } = c.get("bundle");
    refuseDemoAccountChange(user);
    const aal = c.get("claims").aal;
    if (user.isAnonymous) throw apiError(403, "no_authorization", "Anonymous users cannot enroll MFA factors");
    // Unverified factors expire after 300 s; drop them lazily.
    await db
      .delete(authMfaFactors)
      .where(and(eq(authMfaFactors.userId, user.id), eq(authMfaFactors.status, "unverified"), lt(authMfaFactors.createdAt, new Date(Date.now() - CHALLENGE_LIFETIME_MS))));
    const live = factors.filter((factor) => factor.status === "verified" || factor.createdAt.getTime() > Date.now() - CHALLENGE_LIFETIME_MS);
    if (live.some((factor) => factor.status === "verified") && aal !== "aal2") {
      throw apiError(403, "insufficient_aal", "AAL2 required to enroll a new factor");
    }
    if (live.length >= config.mfaMaxFactors) {
      throw apiError(422, "too_many_enrolled_mfa_factors", "Maximum number of verified factors reached, unenroll to continue");
    }
    if (body.friendly_name && live.some((factor) => factor.friendlyName === body.friendly_name)) {
      throw apiError(422, "mfa_factor_name_conflict", `A factor with the friendly name "${body.friendly_name}" for this user already exists`);
    }
    const id = randomUUID();
    if (body.factor_type === "totp") {
      const secret = generateSecret();
      const issuer = body.issuer || new URL(config.siteUrl).host;
      const uri = generateURI({ issuer, label: user.email || user.phone || user.id, secret });
      const qrCode = await QRCode.toString(uri, { type: "svg", margin: 1 });
      await db.insert(authMfaFactors).values({ id, userId: user.id, factorType: "totp", friendlyName: body.friendly_name ?? null, secret });
      await recordAuthEvent(db, { userId: user.id, action: "factor_in_progress", traits: { factor_id: id, factor_type: "totp" }, ip: clientIp(c) });
      return c.json({ id, type: "totp", friendly_name: body.friendly_name ?? "", totp: { qr_code: qrCode, secret, uri } });
    }
    if (body.factor_type === "phone") {
      if (!body.phone) throw badRequest("Phone number required to enroll Phone factor");
      const phone = normalizePhone(body.phone);
      await db.insert(authMfaFactors).values({ id, userId: user.id, factorType: "phone", friendlyName: body.friendly_name ?? null, phone });
      await recordAuthEvent(db, { userId: user.id, action: "factor_in_progress", traits: { factor_id: id, factor_type: "phone" }, ip: clientIp(c) });
      return c.json({ id, type: "phone", friendly_name: body.friendly_name ?? "", phone });
    }
    if (body.factor_type === "webauthn") throw apiError(422, "mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn");
    throw badRequest("factor_type needs to be totp, phone or webauthn");
  });

  app.post("/factors/:id/challenge", auth, async (c) => {
    const body = await readBody(c, challengeBody);
    await deps.limiter.hit("mfa", [clientIp(c), `user:${c.get("bundle").user.id}`]);
    const factor = ownFactor(c.get("bundle").factors, c.req.param("id"));
    const id = randomUUID();
    let otpCodeHash: string | null = null;
    if (factor.factorType === "phone") {
      if (factor.lastChallengedAt && Date.now() - factor.lastChallengedAt.getTime() < config.minMailIntervalSeconds * 1000) {
        throw apiError(429, "over_sms_send_rate_limit", "For security purposes, you can only request this after a while.");
      }
      const code = generateOtp(config.otpLength);
      otpCodeHash = tokenHash(factor.phone!, code);
      await deliverSms(deps, { to: `+${factor.phone}`, body: renderSms("mfa", code, 5), kind: "mfa", code }, { ip: clientIp(c), signedIn: true });
    }
    const now = new Date();
    await db.insert(authMfaChallenges).values({ id, factorId: factor.id, ipAddress: clientIp(c), otpCodeHash, createdAt: now });
    await db.update(authMfaFactors).set({ lastChallengedAt: now }).where(eq(authMfaFactors.id, factor.id));
    void body;
    return c.json({ id, type: factor.factorType, expires_at: Math.floor((now.getTime() + CHALLENGE_LIFETIME_MS) / 1000) });
  });

  app.post("/factors/:id/verify", auth, async (c) => {
    const body = await readBody(c, verifyBody);
    await deps.limiter.hit("mfa", [clientIp(c), `user:${c.get("bundle").user.id}`]);
    const factor = ownFactor(c.get("bundle").factors, c.req.param("id"));
    const session = c.get("session");
    if (!session) throw apiError(401, "no_authorization", "This endpoint requires a valid Bearer token with a session");
    if (!body.challenge_id || !isUuid(body.challenge_id) || !body.code) throw badRequest("challenge_id and code are required");
    const [challenge] = await db
      .select()
      .from(authMfaChallenges)
      .where(and(eq(authMfaChallenges.id, body.challenge_id), eq(authMfaChallenges.factorId, factor.id)));
    if (!challenge || challenge.verifiedAt) throw apiError(404, "mfa_factor_not_found", "MFA factor with the provided challenge ID not found");
    if (Date.now() > challenge.createdAt.getTime() + CHALLENGE_LIFETIME_MS) {
      // Kept, not deleted: its wrong codes still count against the factor (assertFactorGuessBudget).
      throw apiError(422, "mfa_challenge_expired", `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
    }
    if (challenge.failedAttempts >= config.mfaMaxAttemptsPerChallenge) throw burntChallenge(challenge.id);
    await assertFactorGuessBudget(deps, factor.id);
    const valid =
      factor.factorType === "totp"
        ? (await verifyTotp({ secret: factor.secret!, token: body.code, epochTolerance: 30 }).catch(() => ({ valid: false }))).valid
        : challenge.otpCodeHash === tokenHash(factor.phone!, body.code);
    if (!valid) {
      // Counted in the database: neither new challenges nor a restart hand out fresh guesses.
      await db
        .update(authMfaChallenges)
        .set({ failedAttempts: sql`${authMfaChallenges.failedAttempts} + 1` })
        .where(eq(authMfaChallenges.id, challenge.id));
      const what = factor.factorType === "totp" ? "Invalid TOTP code entered" : "Invalid MFA Phone code entered";
      throw apiError(422, "mfa_verification_failed", what);
    }
    const now = new Date();
    await db.update(authMfaChallenges).set({ verifiedAt: now }).where(eq(authMfaChallenges.id, challenge.id));
    if (factor.status !== "verified") {
      await db.update(authMfaFactors).set({ status: "verified", updatedAt: now }).where(eq(authMfaFactors.id, factor.id));
      await db
        .delete(authMfaFactors)
        .where(and(eq(authMfaFactors.userId, factor.userId), eq(authMfaFactors.factorType, factor.factorType), eq(authMfaFactors.status, "unverified"), ne(authMfaFactors.id, factor.id)));
      // Other aal1 sessions of the user no longer meet the now-required level.
      await db.delete(authSessions).where(and(eq(authSessions.userId, factor.userId), eq(authSessions.aal, "aal1"), ne(authSessions.id, session.id)));
    }
    const method = factor.factorType === "totp" ? "totp" : "mfa/phone";
    const amr = [{ method, timestamp: Math.floor(now.getTime() / 1000) }, ...session.amr.filter((entry) => entry.method !== method)];
    const [upgraded] = await db
      .update(authSessions)
      .set({ aal: "aal2", amr, factorId: factor.id, updatedAt: now })
      .where(eq(authSessions.id, session.id))
      .returning();
    return c.json(await reissueSession(deps, upgraded!));
  });

  app.delete("/factors/:id", auth, async (c) => {
    refuseDemoAccountChange(c.get("bundle").user);
    const factor = ownFactor(c.get("bundle").factors, c.req.param("id"));
    if (factor.status === "verified" && c.get("claims").aal !== "aal2") {
      throw apiError(422, "insufficient_aal", "AAL2 required to unenroll verified factor");
    }
    await db.delete(authMfaFactors).where(eq(authMfaFactors.id, factor.id));
    await db.update(authSessions).set({ aal: "aal1", factorId: null }).where(eq(authSessions.factorId, factor.id));
    await recordAuthEvent(db, { userId: factor.userId, action: "factor_unenrolled", traits: { factor_id: factor.id, factor_type: factor.factorType }, ip: clientIp(c) });
    return c.json({ id: factor.id });
  });
}
