import type { Hono } from "hono";
import type { AuthDeps } from "../context";
import { apiError } from "../errors";
import type { AuthEnv } from "../middleware";

const KNOWN_PROVIDERS = ["apple", "azure", "bitbucket", "discord", "facebook", "figma", "github", "gitlab", "google", "keycloak", "kakao", "linkedin_oidc", "notion", "slack_oidc", "spotify", "twitch", "twitter", "workos", "zoom"];

/** `/settings`, `/health`, JWKS and the disabled-feature answers of routes this server does not offer. */
export function registerMeta(app: Hono<AuthEnv>, deps: AuthDeps) {
  const { config } = deps;

  app.get("/settings", (c) => {
    const external: Record<string, boolean> = Object.fromEntries(KNOWN_PROVIDERS.map((name) => [name, name in config.externalProviders]));
    for (const name of Object.keys(config.externalProviders)) external[name] = true;
    external.wechat = config.wechat.open !== undefined || config.wechat.mp !== undefined;
    return c.json({
      external: { ...external, anonymous_users: config.anonymousSignIns, email: config.emailEnabled, phone: config.phoneEnabled, saml: false },
      disable_signup: config.disableSignup,
      mailer_autoconfirm: config.autoconfirm,
      phone_autoconfirm: config.smsAutoconfirm ?? config.autoconfirm,
      sms_provider: "",
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    });
  });

  app.get("/health", (c) =>
    c.json({ version: "embedded", name: "GoTrue", description: "GoTrue is a user registration and authentication API" }),
  );

  app.get("/.well-known/jwks.json", (c) => {
    c.header("Cache-Control", "public, max-age=600");
    return c.json(deps.keys.jwks);
  });

  app.get("/.well-known/openid-configuration", (c) =>
    c.json({ issuer: deps.issuer, jwks_uri: `${deps.externalUrl}/.well-known/jwks.json`, id_token_signing_alg_values_supported: [...new Set(deps.keys.jwks.keys.map((key) => key.alg))] }),
  );

  app.post("/sso", () => {
    throw apiError(404, "saml_provider_disabled", "SAML 2.0 is disabled");
  });
  app.all("/oauth/*", () => {
    throw apiError(404, "feature_disabled", "OAuth server is disabled");
  });
}
