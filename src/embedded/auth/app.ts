import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AuthDeps } from "./context";
import { corsPolicy } from "./cors-policy";
import { apiError, respondWithError } from "./errors";
import type { AuthEnv } from "./middleware";
import { registerAdminLinks } from "./routes/admin-links";
import { registerAdminSessions } from "./routes/admin-sessions";
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

/** GoTrue refuses request bodies over 1 MB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The GoTrue-compatible Hono app; routes are relative to its mount point (e.g. /auth/v1). */
export function createAuthApp(deps: AuthDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.use("*", corsPolicy(deps.config));
  // Refused by Content-Length before reading, or cut off while streaming past the limit: a client
  // must not make the process buffer a 60 MB body. This is the service's one body cap.
  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => respondWithError(c, apiError(413, "request_entity_too_large", "Request body too large")),
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
  registerAdminSessions(app, deps);
  registerAdminLinks(app, deps);
  app.notFound((c) => respondWithError(c, apiError(404, "not_found", "Not Found")));
  app.onError((error, c) => respondWithError(c, error));
  return app;
}
