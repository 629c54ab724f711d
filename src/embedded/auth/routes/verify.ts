import type { Context, Hono } from "hono";
import { z } from "@/lib/zod";
import { clientIp, requestRedirect, type AuthDeps } from "../context";
import { AuthApiError, badRequest } from "../errors";
import type { AuthEnv } from "../middleware";
import { errorRedirect, encodeFragment, sessionRedirect, withQuery } from "../redirect-params";
import { readBody } from "../request";
import { startSession } from "../sessions";
import { identifierKey } from "../users";
import { VERIFY_TYPES, verifyOneTimeToken, type VerifyType } from "../verification";

const verifyBody = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  token: z.string().optional(),
  token_hash: z.string().optional(),
  redirect_to: z.string().optional(),
});

function verifyType(type: string | undefined): VerifyType {
  if (!type) throw badRequest("Verify requires a verification type");
  if (!(VERIFY_TYPES as readonly string[]).includes(type)) throw badRequest(`Unsupported verification type: ${type}`);
  return type as VerifyType;
}

export function registerVerify(app: Hono<AuthEnv>, deps: AuthDeps) {
  app.post("/verify", async (c) => {
    const body = await readBody(c, verifyBody);
    // Per address too: guesses spread over many IPs still share the address's budget.
    await deps.limiter.hit("verify", [clientIp(c), identifierKey(body)]);
    const type = verifyType(body.type);
    if (body.token && body.token_hash) throw badRequest("Verify requires either a token or a token hash");
    if (body.token_hash && (body.email || body.phone)) throw badRequest("Only the token_hash and type should be provided");
    if (!body.token && !body.token_hash) throw badRequest("Verify requires a token or a token hash");
    const outcome = await verifyOneTimeToken(deps, { type, email: body.email, phone: body.phone, token: body.token, tokenHash: body.token_hash });
    if (outcome.kind === "pending_email_change") return c.json({ msg: outcome.message, code: "200" });
    return c.json(await startSession(deps, outcome.user.id, "otp", { ip: clientIp(c), userAgent: c.req.header("user-agent") }));
  });

  app.get("/verify", async (c: Context) => {
    const redirectTo = requestRedirect(deps, c);
    const token = c.req.query("token") ?? "";
    const isPkce = token.startsWith("pkce_");
    try {
      await deps.limiter.hit("verify", [clientIp(c)]);
      const type = verifyType(c.req.query("type"));
      if (!token) throw badRequest("Verify requires a token or a token hash");
      const outcome = await verifyOneTimeToken(deps, { type, tokenHash: token });
      if (outcome.kind === "pending_email_change") {
        const target = isPkce ? withQuery(redirectTo, { message: outcome.message }) : redirectTo;
        return c.redirect(`${target}#${encodeFragment({ message: outcome.message, sb: "" })}`, 303);
      }
      if (outcome.pkceAuthCode) return c.redirect(withQuery(redirectTo, { code: outcome.pkceAuthCode }), 303);
      const session = await startSession(deps, outcome.user.id, "otp", { ip: clientIp(c), userAgent: c.req.header("user-agent") });
      return c.redirect(sessionRedirect(redirectTo, session, { type }), 303);
    } catch (error) {
      if (!(error instanceof AuthApiError)) throw error;
      return c.redirect(errorRedirect(redirectTo, error, isPkce), 303);
    }
  });
}
