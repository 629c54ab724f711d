import { Hono } from "hono";
import { cors } from "hono/cors";
import type { AuthDeps } from "./context";
import { apiError, respondWithError } from "./errors";
import type { AuthEnv } from "./middleware";
import { registerAdminLinks } from "./routes/admin-links";
import { registerAdminUsers } from "./routes/admin-users";
import { registerFactors } from "./routes/factors";
import { registerMeta } from "./routes/meta";
import { registerOtp } from "./routes/otp";
import { registerProviders } from "./routes/providers";
import { registerRecover } from "./routes/recover";
import { registerSignup } from "./routes/signup";
import { registerToken } from "./routes/token";
import { registerUser } from "./routes/user";
import { registerVerify } from "./routes/verify";

/** The GoTrue-compatible Hono app; routes are relative to its mount point (e.g. /auth/v1). */
export function createAuthApp(deps: AuthDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.use(
    "*",
    cors({
      origin: (origin) => origin || "*",
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      allowHeaders: ["Accept", "Authorization", "Content-Type", "X-Client-IP", "X-Client-Info", "X-JWT-AUD", "x-use-cookie", "X-Supabase-Api-Version", "apikey", "redirect_to"],
      exposeHeaders: ["X-Total-Count", "Link", "X-Supabase-Api-Version"],
      credentials: true,
    }),
  );
  registerMeta(app, deps);
  registerSignup(app, deps);
  registerToken(app, deps);
  registerOtp(app, deps);
  registerVerify(app, deps);
  registerRecover(app, deps);
  registerUser(app, deps);
  registerProviders(app, deps);
  registerFactors(app, deps);
  registerAdminUsers(app, deps);
  registerAdminLinks(app, deps);
  app.notFound((c) => respondWithError(c, apiError(404, "not_found", "Not Found")));
  app.onError((error, c) => respondWithError(c, error));
  return app;
}
