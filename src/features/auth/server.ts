import "server-only";

export { toAuthRouteError } from "./server/auth-error-message";
export { captchaChallenge } from "./server/captcha-challenge";
export { getCurrentUser } from "./server/current-user";
export { demoAccount, ensureDemoAccount, type DemoAccount } from "./server/demo-account";
export { resolveNextSession } from "./server/next-session";
export { resolveRequestSession, type RequestSession } from "./server/request-session";
export { resolveSession, type SessionResult } from "./session-core";
export { checkSession, type SessionVerdict } from "./session-check";
export { openSessionHandoff, SESSION_HANDOFF_HEADER, type HandedOffSession } from "./session-handoff";
export { getCurrentUserId, MFA_REQUIRED_MESSAGE, requireCurrentUserId, resolveSignedInUser } from "./server/current-user-id";
export { finishOAuthSignIn, OAUTH_CALLBACK_PATH, startOAuthSignIn } from "./server/oauth";
export { oauthErrorKey, oauthErrorMessage } from "./server/oauth-error";
export { listOAuthProviders } from "./server/oauth-providers";
export { signInWithPassword } from "./server/password-sign-in";
export { sendPhoneCode, signUp } from "./server/sign-up";
export { siteUrl } from "./server/site-url";
export { listOwnSecurityEvents, listSecurityEvents, SECURITY_EVENTS_PER_PAGE, type SecurityEventFilter, type SecurityEventsPage } from "./security-events/security-events";
