import { and, eq } from "drizzle-orm";
import { authFlowStates, authOneTimeTokens, authUsers, type AuthUserRow } from "@/lib/db";
import type { AuthDeps } from "./context";
import { recordEmailProvenByLink } from "./email-proof";
import { apiError, badRequest } from "./errors";
import { deleteTokens, findPendingFlowState, findToken, recordFailedAttempt, tokenHash, type TokenType } from "./one-time-tokens";
import { confirmEmail, confirmPhone, upsertIdentity } from "./user-store";
import { findUserByPhone, findUserByPhoneChange, isBanned, normalizeEmail, normalizePhone } from "./users";

export const VERIFY_TYPES = ["signup", "invite", "magiclink", "recovery", "email_change", "email", "sms", "phone_change"] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

const TOKEN_TYPES: Record<VerifyType, TokenType[]> = {
  signup: ["confirmation_token"],
  invite: ["confirmation_token"],
  magiclink: ["recovery_token"],
  recovery: ["recovery_token"],
  email: ["confirmation_token", "recovery_token"],
  email_change: ["email_change_token_new", "email_change_token_current"],
  sms: ["confirmation_token"],
  phone_change: ["phone_change_token"],
};

export interface VerifyInput {
  type: VerifyType;
  email?: string;
  phone?: string;
  token?: string;
  tokenHash?: string;
}

export type VerifyOutcome =
  | { kind: "verified"; user: AuthUserRow; pkceAuthCode?: string }
  | { kind: "pending_email_change"; message: string };

const HALF_DONE = "Confirmation link accepted. Please proceed to confirm link sent to the other email";

/** Checks a code or token hash and applies its effect (confirm, recover, change e-mail / phone). */
export async function verifyOneTimeToken(deps: AuthDeps, input: VerifyInput): Promise<VerifyOutcome> {
  const { db, config } = deps;
  const byHash = !!input.tokenHash;
  const expired = () =>
    apiError(403, "otp_expired", byHash ? "Email link is invalid or has expired" : "Token has expired or is invalid");
  const isSms = input.type === "sms" || input.type === "phone_change";

  let userId: string | undefined;
  let tokenRow: Awaited<ReturnType<typeof findToken>>;
  // The address a typed code was sent to: wrong codes count against its tokens (none for link hashes).
  let guessedFor: string | undefined;
  // What the code proves when no token row does (SMS test OTPs): the verify type's own token.
  let testOtpType: TokenType | undefined;
  if (input.tokenHash) {
    tokenRow = await findToken(db, [input.tokenHash], TOKEN_TYPES[input.type]);
  } else if (input.phone) {
    const phone = normalizePhone(input.phone);
    if (!input.token) throw badRequest("Verify requires a token or a token hash");
    if (config.smsTestOtps[phone] && config.smsTestOtps[phone] === input.token) {
      // A phone change is verified on the new number, which is not the user's phone yet.
      const user = input.type === "phone_change" ? await findUserByPhoneChange(db, phone) : await findUserByPhone(db, phone);
      userId = user?.id;
      if (!userId) throw expired();
      testOtpType = TOKEN_TYPES[input.type][0];
    } else {
      guessedFor = phone;
      tokenRow = await findToken(db, [tokenHash(phone, input.token)], TOKEN_TYPES[input.type]);
    }
  } else if (input.email) {
    if (!input.token) throw badRequest("Verify requires a token or a token hash");
    guessedFor = normalizeEmail(input.email);
    tokenRow = await findToken(db, [tokenHash(guessedFor, input.token)], TOKEN_TYPES[input.type]);
  } else {
    throw badRequest("Only an email address or phone number should be provided on verify");
  }

  if (guessedFor && !tokenRow && !testOtpType) {
    await recordFailedAttempt(db, { relatesTo: guessedFor }, TOKEN_TYPES[input.type], config.otpMaxAttempts);
    throw expired();
  }
  if (tokenRow) {
    const lifetime = isSms ? config.smsOtpExpirySeconds : config.otpExpirySeconds;
    if (Date.now() > tokenRow.createdAt.getTime() + lifetime * 1000) throw expired();
    if (tokenRow.failedAttempts >= config.otpMaxAttempts) throw expired();
    userId = tokenRow.userId;
  }
  if (!userId) throw expired();
  const [user] = await db.select().from(authUsers).where(eq(authUsers.id, userId));
  if (!user) throw expired();
  if (isBanned(user)) throw apiError(403, "user_banned", "User is banned");

  const tokenType = tokenRow?.tokenType ?? testOtpType;
  switch (tokenType ?? "confirmation_token") {
    case "confirmation_token":
      await deleteTokens(db, user.id, ["confirmation_token"]);
      if (isSms) await confirmPhone(deps, user);
      else await confirmEmail(deps, user);
      break;
    case "recovery_token":
      await deleteTokens(db, user.id, ["recovery_token", "confirmation_token"]);
      if (!user.emailConfirmedAt) await confirmEmail(deps, user);
      break;
    case "email_change_token_new":
    case "email_change_token_current": {
      await deleteTokens(db, user.id, [tokenType as TokenType]);
      const other: TokenType = tokenType === "email_change_token_new" ? "email_change_token_current" : "email_change_token_new";
      const stillPending = config.secureEmailChange && (await hasToken(deps, user.id, other));
      if (stillPending) return { kind: "pending_email_change", message: HALF_DONE };
      await applyEmailChange(deps, user);
      break;
    }
    case "phone_change_token":
      await deleteTokens(db, user.id, ["phone_change_token"]);
      await applyPhoneChange(deps, user);
      break;
    default:
      throw expired();
  }

  // A link or code that came back from the mailbox proves it (the operator role asks for that).
  if (!isSms) await recordEmailProvenByLink(deps, user.id);
  const [fresh] = await db.select().from(authUsers).where(eq(authUsers.id, user.id));
  if (tokenRow?.tokenHash.startsWith("pkce_")) {
    const flow = await findPendingFlowState(db, user.id);
    if (flow) {
      await db.update(authFlowStates).set({ authCodeIssuedAt: new Date() }).where(eq(authFlowStates.id, flow.id));
      return { kind: "verified", user: fresh!, pkceAuthCode: flow.authCode };
    }
  }
  return { kind: "verified", user: fresh! };
}

async function hasToken(deps: AuthDeps, userId: string, type: TokenType): Promise<boolean> {
  const rows = await deps.db
    .select({ id: authOneTimeTokens.id })
    .from(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.tokenType, type)));
  return rows.length > 0;
}

async function applyEmailChange(deps: AuthDeps, user: AuthUserRow) {
  if (!user.emailChange) return;
  const now = new Date();
  const email = user.emailChange;
  await deps.db
    .update(authUsers)
    .set({
      email,
      emailChange: null,
      emailChangeSentAt: null,
      emailConfirmedAt: now,
      userMetadata: { ...user.userMetadata, email_verified: true },
      updatedAt: now,
    })
    .where(eq(authUsers.id, user.id));
  await upsertIdentity(deps, user.id, "email", { sub: user.id, email, email_verified: true });
}

async function applyPhoneChange(deps: AuthDeps, user: AuthUserRow) {
  if (!user.phoneChange) return;
  const now = new Date();
  const phone = user.phoneChange;
  await deps.db
    .update(authUsers)
    .set({ phone, phoneChange: null, phoneChangeSentAt: null, phoneConfirmedAt: now, updatedAt: now })
    .where(eq(authUsers.id, user.id));
  await upsertIdentity(deps, user.id, "phone", { sub: user.id, phone, phone_verified: true });
}
