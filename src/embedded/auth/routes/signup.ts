import { randomUUID } from "node:crypto";
import type { Hono } from "hono";
import { z } from "@/lib/zod";
import { clientIp, requestRedirect, type AuthDeps } from "../context";
import { apiError, badRequest } from "../errors";
import type { AuthEnv } from "../middleware";
import { assertPasswordStrength } from "../passwords";
import { gotrueMetaSecurity } from "../captcha";
import { readPkce } from "../pkce";
import { metadataSchema, pkceFields, readBody } from "../request";
import { sendEmailToken, sendSmsToken } from "../send";
import { startSession } from "../sessions";
import { assertSmsAllowed } from "../sms-budget";
import { insertUser } from "../user-store";
import { findUserByEmail, findUserByPhone, identifierKey, loadSerializedUser, normalizeEmail, normalizePhone } from "../users";

const signupBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: metadataSchema.optional(),
  channel: z.enum(["sms", "whatsapp"]).optional(),
  gotrue_meta_security: gotrueMetaSecurity,
  ...pkceFields,
});

/** What GoTrue answers for an already-confirmed address when confirmation is on: no enumeration. */
function obfuscatedUser(email: string, phone: string) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: "authenticated",
    role: "",
    email,
    phone,
    confirmation_sent_at: now,
    app_metadata: {},
    user_metadata: {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export function registerSignup(app: Hono<AuthEnv>, deps: AuthDeps) {
  const { config } = deps;
  const smsAutoconfirm = config.smsAutoconfirm ?? config.autoconfirm;

  app.post("/signup", async (c) => {
    const body = await readBody(c, signupBody);
    if (config.disableSignup) throw apiError(422, "signup_disabled", "Signups not allowed for this instance");
    const ip = clientIp(c);
    const meta = { ip, userAgent: c.req.header("user-agent") };

    if (!body.email && !body.phone) {
      if (!config.anonymousSignIns) throw apiError(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled");
      await deps.limiter.hit("signUp", [ip]);
      const user = await insertUser(deps, { isAnonymous: true, userMetadata: body.data });
      return c.json(await startSession(deps, user.id, "anonymous", meta));
    }
    await deps.limiter.hit("signUp", [ip, identifierKey(body)]);
    if (!body.password) throw badRequest("Signup requires a valid password");
    assertPasswordStrength(body.password, config);
    if (body.email && body.phone) throw badRequest("Only an email address or phone number should be provided on signup.");
    const pkce = readPkce(body);
    const redirectTo = requestRedirect(deps, c);

    if (body.email) {
      if (!config.emailEnabled) throw apiError(400, "email_provider_disabled", "Email signups are disabled");
      const email = normalizeEmail(body.email);
      let user = await findUserByEmail(deps.db, email);
      if (user?.emailConfirmedAt) {
        if (config.autoconfirm) throw apiError(422, "user_already_exists", "User already registered");
        return c.json(obfuscatedUser(email, ""));
      }
      // An unconfirmed account stays as it is (GoTrue): whoever signs up again only gets the
      // confirmation re-sent to the address; the password and metadata are the first sign-up's.
      // With autoconfirm a session would sign the caller into someone else's account: refuse instead.
      if (user && config.autoconfirm) throw apiError(422, "user_already_exists", "User already registered");
      user ??= await insertUser(deps, { email, password: body.password, userMetadata: body.data, emailConfirmed: config.autoconfirm });
      if (config.autoconfirm) return c.json(await startSession(deps, user.id, "password", meta));
      await sendEmailToken(deps, { user, kind: "signup", email, redirectTo, pkce });
      return c.json(await loadSerializedUser(deps.db, user.id));
    }

    if (!config.phoneEnabled) throw apiError(400, "phone_provider_disabled", "Phone signups are disabled");
    if (pkce) throw badRequest("PKCE not supported for phone signups");
    const phone = normalizePhone(body.phone!);
    if (!smsAutoconfirm) await assertSmsAllowed(deps, ip, phone);
    const user = await findUserByPhone(deps.db, phone);
    if (user?.phoneConfirmedAt) {
      if (smsAutoconfirm) throw apiError(422, "user_already_exists", "User already registered");
      return c.json(obfuscatedUser("", phone));
    }
    // As for e-mail: an unconfirmed phone account is left untouched, the code is only re-sent.
    if (user && smsAutoconfirm) throw apiError(422, "user_already_exists", "User already registered");
    const password = body.password;
    const createUser = () => insertUser(deps, { phone, password, userMetadata: body.data, phoneConfirmed: smsAutoconfirm });
    if (smsAutoconfirm) return c.json(await startSession(deps, (await createUser()).id, "password", meta));
    // A new number's account is made only once the text may go out (see sendSmsToken).
    const sent = await sendSmsToken(deps, { user: user ?? createUser, kind: "sms", phone, requester: { ip, captchaToken: body.gotrue_meta_security?.captcha_token } });
    return c.json(await loadSerializedUser(deps.db, sent.user.id));
  });
}
