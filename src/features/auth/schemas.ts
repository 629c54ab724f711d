import { z } from "@/lib/zod";

/** Request bodies of /api/auth/* (client-safe: the forms validate with the same rules). */

// The exact wording auth-js uses (SPEC §5), so both paths say the same thing.
export const MISSING_IDENTIFIER_MESSAGE = "You must provide either an email or phone number and a password";
export const MISSING_PHONE_MESSAGE = "You must provide either an email or phone number.";

const email = z.email({ message: "请输入有效的邮箱地址" });
// E.164-style numbers; a bare 11-digit mainland number gets +86.
const phone = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ""))
  .transform((value) => (/^1\d{10}$/.test(value) ? `+86${value}` : value))
  .pipe(z.string().regex(/^\+?[1-9]\d{6,14}$/, { message: "请输入有效的手机号" }));
const password = z.string({ message: MISSING_IDENTIFIER_MESSAGE }).min(1, { message: MISSING_IDENTIFIER_MESSAGE });

/** Sign-in payload: e-mail or phone plus password, passed through to the auth service. */
export const signInBodySchema = z
  .object({ email: email.optional(), phone: phone.optional(), password })
  .refine((body) => Boolean(body.email) !== Boolean(body.phone), { message: MISSING_IDENTIFIER_MESSAGE });

export const signUpBodySchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("email"),
      email,
      password: z.string().min(1, { message: MISSING_IDENTIFIER_MESSAGE }),
      displayName: z.string().trim().max(50).optional(),
    }),
    z.object({
      type: z.literal("phone"),
      phone,
      password: z.string().min(1, { message: MISSING_IDENTIFIER_MESSAGE }),
      code: z.string().trim().regex(/^\d{4,10}$/, { message: "请输入短信验证码" }),
    }),
  ],
  { message: MISSING_IDENTIFIER_MESSAGE },
);

/** The 428 answer of /api/auth/send-phone-code when the auth service wants a captcha token first. */
export const HUMAN_CHECK_REQUIRED_MESSAGE = "请先完成安全验证";

/** `captchaToken`: the human check's answer, once the service asked for one (see components/captcha). */
export const phoneCodeBodySchema = z.object({
  phone: z.string({ message: MISSING_PHONE_MESSAGE }).pipe(phone),
  captchaToken: z.string().min(1).max(8192).optional(),
});

export type SignInBody = z.infer<typeof signInBodySchema>;
export type SignUpBody = z.infer<typeof signUpBodySchema>;
export type PhoneCodeBody = z.infer<typeof phoneCodeBodySchema>;
