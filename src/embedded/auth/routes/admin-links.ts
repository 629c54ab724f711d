import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { z } from "@/lib/zod";
import { authUsers, type AuthUserRow } from "@/lib/db";
import { requestRedirect, type AuthDeps } from "../context";
import { apiError, badRequest } from "../errors";
import { requireAdmin, type AuthEnv } from "../middleware";
import { assertPasswordStrength } from "../passwords";
import { metadataSchema, readBody } from "../request";
import { prepareEmailToken, sendEmailToken } from "../send";
import { insertUser } from "../user-store";
import { findUserByEmail, loadSerializedUser, normalizeEmail } from "../users";

const inviteBody = z.object({ email: z.string().optional(), data: metadataSchema.optional() });
const linkBody = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  new_email: z.string().optional(),
  password: z.string().optional(),
  data: metadataSchema.optional(),
  redirect_to: z.string().optional(),
});

const emailExists = () => apiError(422, "email_exists", "A user with this email address has already been registered");

export function registerAdminLinks(app: Hono<AuthEnv>, deps: AuthDeps) {
  const { db, config } = deps;
  const admin = requireAdmin(deps);

  app.post("/invite", admin, async (c) => {
    const body = await readBody(c, inviteBody);
    if (!body.email) throw badRequest("Unable to validate email address: invalid format");
    const email = normalizeEmail(body.email);
    let user = await findUserByEmail(db, email);
    if (user?.emailConfirmedAt) throw emailExists();
    user ??= await insertUser(deps, { email, userMetadata: body.data, invitedAt: new Date() });
    await sendEmailToken(deps, { user, kind: "invite", email, redirectTo: requestRedirect(deps, c), skipFrequency: true });
    return c.json(await loadSerializedUser(db, user.id));
  });

  app.post("/admin/generate_link", admin, async (c) => {
    const body = await readBody(c, linkBody);
    const types = ["signup", "invite", "magiclink", "recovery", "email_change_current", "email_change_new"];
    if (!body.type || !types.includes(body.type)) throw badRequest(`Invalid type: must be one of ${types.join(", ")}`);
    if (!body.email) throw badRequest("Unable to validate email address: invalid format");
    const email = normalizeEmail(body.email);
    const redirectTo = deps.redirectTo(body.redirect_to ?? c.req.query("redirect_to"));
    let user: AuthUserRow | undefined = await findUserByEmail(db, email);
    let kind: "signup" | "invite" | "magiclink" | "recovery" | "email_change" | "email_change_current";
    let target = email;
    let type = body.type;

    switch (body.type) {
      case "signup":
        if (!body.password) throw badRequest("Signup requires a valid password");
        assertPasswordStrength(body.password, config);
        if (user?.emailConfirmedAt) throw emailExists();
        user ??= await insertUser(deps, { email, password: body.password, userMetadata: body.data });
        kind = "signup";
        break;
      case "invite":
        if (user?.emailConfirmedAt) throw emailExists();
        user ??= await insertUser(deps, { email, userMetadata: body.data, invitedAt: new Date() });
        kind = "invite";
        break;
      case "magiclink":
        if (!user) {
          user = await insertUser(deps, { email, userMetadata: body.data });
          kind = "signup";
          type = "signup";
        } else kind = "magiclink";
        break;
      case "recovery":
        if (!user) throw apiError(404, "user_not_found", "User with this email not found");
        kind = "recovery";
        break;
      default: {
        if (!user) throw apiError(404, "user_not_found", "User with this email not found");
        if (!body.new_email) throw badRequest("The new_email address needs to be provided");
        const newEmail = normalizeEmail(body.new_email);
        const taken = await findUserByEmail(db, newEmail);
        if (taken && taken.id !== user.id) throw emailExists();
        await db.update(authUsers).set({ emailChange: newEmail, emailChangeSentAt: new Date() }).where(eq(authUsers.id, user.id));
        kind = body.type === "email_change_new" ? "email_change" : "email_change_current";
        target = body.type === "email_change_new" ? newEmail : email;
      }
    }

    const token = await prepareEmailToken(deps, { user: user!, kind, email: target, redirectTo, linkType: kind.startsWith("email_change") ? undefined : type });
    const serialized = await loadSerializedUser(db, user!.id);
    return c.json({
      ...serialized,
      action_link: token.link,
      email_otp: token.otp,
      hashed_token: token.hashedToken,
      verification_type: type,
      redirect_to: redirectTo,
    });
  });
}
