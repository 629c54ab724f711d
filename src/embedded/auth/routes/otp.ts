import type { Hono } from "hono";
import { z } from "@/lib/zod";
import { clientIp, requestRedirect, type AuthDeps } from "../context";
import { apiError, badRequest } from "../errors";
import type { AuthEnv } from "../middleware";
import { gotrueMetaSecurity } from "../captcha";
import { readPkce } from "../pkce";
import { metadataSchema, pkceFields, readBody } from "../request";
import { sendEmailToken, sendSmsToken } from "../send";
import { assertSmsAllowed } from "../sms-budget";
import { insertUser } from "../user-store";
import { findUserByEmail, findUserByPhone, identifierKey, normalizeEmail, normalizePhone } from "../users";

const otpBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  create_user: z.boolean().optional(),
  data: metadataSchema.optional(),
  channel: z.enum(["sms", "whatsapp"]).optional(),
  gotrue_meta_security: gotrueMetaSecurity,
  ...pkceFields,
});

/** `POST /otp` and the legacy `/magiclink`: a magic link + code by mail, or an SMS code. */
export function registerOtp(app: Hono<AuthEnv>, deps: AuthDeps) {
  const { config } = deps;
  const handler = async (body: z.infer<typeof otpBody>, ip: string, redirectTo: string) => {
    if (body.email && body.phone) throw badRequest("Only an email address or phone number should be provided");
    if (!body.email && !body.phone) throw badRequest("An email address or phone number is required");
    if (body.channel && !body.phone) throw badRequest("Channel can only be used with a phone number");
    const pkce = readPkce(body);
    await deps.limiter.hit("otp", [ip, identifierKey(body)]);
    const createUser = body.create_user ?? true;
    if (body.email) {
      if (!config.emailEnabled) throw apiError(422, "email_provider_disabled", "Email logins are disabled");
      const email = normalizeEmail(body.email);
      let user = await findUserByEmail(deps.db, email);
      if (!user) {
        if (!createUser || config.disableSignup) throw apiError(422, "otp_disabled", "Signups not allowed for otp");
        user = await insertUser(deps, { email, userMetadata: body.data, emailConfirmed: config.autoconfirm });
      }
      const kind = user.emailConfirmedAt ? "magiclink" : "signup";
      await sendEmailToken(deps, { user, kind, email, redirectTo, pkce });
      return {};
    }
    if (!config.phoneEnabled) throw apiError(400, "phone_provider_disabled", "Unsupported phone provider");
    const phone = normalizePhone(body.phone!);
    await assertSmsAllowed(deps, ip, phone);
    const user = await findUserByPhone(deps.db, phone);
    if (!user && (!createUser || config.disableSignup)) throw apiError(422, "otp_disabled", "Signups not allowed for otp");
    const { messageId } = await sendSmsToken(deps, {
      // A new number's account is made only once the text may go out (see sendSmsToken).
      user: user ?? (() => insertUser(deps, { phone, userMetadata: body.data })),
      kind: "sms",
      phone,
      requester: { ip, captchaToken: body.gotrue_meta_security?.captcha_token },
    });
    return messageId ? { message_id: messageId } : {};
  };

  app.post("/otp", async (c) => c.json(await handler(await readBody(c, otpBody), clientIp(c), requestRedirect(deps, c))));
  app.post("/magiclink", async (c) => {
    const body = await readBody(c, otpBody);
    if (!body.email) throw badRequest("Password recovery requires an email");
    return c.json(await handler({ ...body, phone: undefined }, clientIp(c), requestRedirect(deps, c)));
  });
}
