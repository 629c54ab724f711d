import type { Hono } from "hono";
import { z } from "@/lib/zod";
import { clientIp, requestRedirect, type AuthDeps } from "../context";
import { badRequest } from "../errors";
import type { AuthEnv } from "../middleware";
import { readPkce } from "../pkce";
import { pkceFields, readBody } from "../request";
import { gotrueMetaSecurity } from "../captcha";
import { sendEmailToken, sendSmsToken } from "../send";
import { findUserByEmail, findUserByPhone, findUserByPhoneChange, identifierKey, normalizeEmail, normalizePhone } from "../users";

const recoverBody = z.object({ email: z.string().optional(), ...pkceFields });
const resendBody = z.object({ type: z.string().optional(), email: z.string().optional(), phone: z.string().optional(), gotrue_meta_security: gotrueMetaSecurity, ...pkceFields });
const RESEND_TYPES = ["signup", "email_change", "sms", "phone_change"];

export function registerRecover(app: Hono<AuthEnv>, deps: AuthDeps) {
  app.post("/recover", async (c) => {
    const body = await readBody(c, recoverBody);
    if (!body.email) throw badRequest("Password recovery requires an email");
    const email = normalizeEmail(body.email);
    const pkce = readPkce(body);
    await deps.limiter.hit("otp", [clientIp(c), identifierKey({ email })]);
    const user = await findUserByEmail(deps.db, email);
    // Unknown addresses get the same answer: no account enumeration.
    if (user) await sendEmailToken(deps, { user, kind: "recovery", email, redirectTo: requestRedirect(deps, c), pkce });
    return c.json({});
  });

  app.post("/resend", async (c) => {
    const body = await readBody(c, resendBody);
    if (!body.type || !RESEND_TYPES.includes(body.type)) {
      throw badRequest(`Missing one of these types: ${RESEND_TYPES.join(", ")}`);
    }
    const pkce = readPkce(body);
    await deps.limiter.hit("resend", [clientIp(c), identifierKey(body)]);
    const redirectTo = requestRedirect(deps, c);
    if (body.type === "signup" || body.type === "email_change") {
      if (!body.email) throw badRequest("Type provided requires an email address");
      const email = normalizeEmail(body.email);
      if (body.type === "signup") {
        const user = await findUserByEmail(deps.db, email);
        if (user && !user.emailConfirmedAt) await sendEmailToken(deps, { user, kind: "signup", email, redirectTo, pkce });
        return c.json({});
      }
      const user = await findUserByEmail(deps.db, email);
      if (user?.emailChange) {
        await sendEmailToken(deps, { user, kind: "email_change", email: user.emailChange, redirectTo, pkce });
      }
      return c.json({});
    }
    if (!body.phone) throw badRequest("Type provided requires a phone number");
    const phone = normalizePhone(body.phone);
    const requester = { ip: clientIp(c), captchaToken: body.gotrue_meta_security?.captcha_token };
    // `phone` is the number being verified: for a phone change, the new one (as in GoTrue).
    const user = body.type === "phone_change" ? await findUserByPhoneChange(deps.db, phone) : await findUserByPhone(deps.db, phone);
    if (body.type === "sms" && user && !user.phoneConfirmedAt) {
      const { messageId } = await sendSmsToken(deps, { user, kind: "sms", phone, requester });
      return c.json(messageId ? { message_id: messageId } : {});
    }
    if (body.type === "phone_change" && user?.phoneChange) {
      const { messageId } = await sendSmsToken(deps, { user, kind: "phone_change", phone: user.phoneChange, requester });
      return c.json(messageId ? { message_id: messageId } : {});
    }
    return c.json({});
  });
}
