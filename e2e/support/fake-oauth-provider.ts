// A stand-in OAuth 2.0 provider for the e2e server (started by playwright.config.ts): it consents at
// once, and every consent is a new provider account with a verified e-mail address.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const port = Number(process.env.FAKE_OAUTH_PORT);
const codes = new Map<string, Record<string, unknown>>();
const tokens = new Map<string, Record<string, unknown>>();
let accounts = 0;

const app = new Hono();
app.get("/health", (c) => c.text("ok"));
app.get("/authorize", (c) => {
  const redirectUri = c.req.query("redirect_uri");
  if (!redirectUri) return c.text("redirect_uri is required", 400);
  accounts += 1;
  const code = `code-${accounts}-${Date.now()}`;
  codes.set(code, { id: 9000 + accounts, login: `spark-${accounts}`, name: "第三方用户", email: `oauth-${accounts}-${Date.now()}@example.com`, email_verified: true });
  const back = new URL(redirectUri);
  back.searchParams.set("code", code);
  back.searchParams.set("state", c.req.query("state") ?? "");
  return c.redirect(back.toString(), 302);
});
app.post("/token", async (c) => {
  const form = await c.req.parseBody();
  const profile = codes.get(String(form.code));
  if (!profile || form.client_id !== "spark-e2e" || form.client_secret !== "spark-e2e-secret") return c.json({ error: "invalid_grant" }, 400);
  codes.delete(String(form.code));
  const token = `token-${form.code}`;
  tokens.set(token, profile);
  return c.json({ access_token: token, token_type: "bearer" });
});
app.get("/userinfo", (c) => {
  const profile = tokens.get((c.req.header("authorization") ?? "").replace(/^Bearer /, ""));
  return profile ? c.json(profile) : c.json({ error: "invalid_token" }, 401);
});

serve({ fetch: app.fetch, hostname: "127.0.0.1", port });
