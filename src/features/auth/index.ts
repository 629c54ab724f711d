// Client-safe exports of the accounts feature. Server code: "@/features/auth/server".
export { isGuardedPath, redirectCookieName, routeGuardConfig, type RouteGuardConfig } from "./route-guard";
export { safeRedirectPath } from "./safe-redirect";
export {
  HUMAN_CHECK_REQUIRED_MESSAGE,
  MISSING_IDENTIFIER_MESSAGE,
  MISSING_PHONE_MESSAGE,
  phoneCodeBodySchema,
  signInBodySchema,
  signUpBodySchema,
  type PhoneCodeBody,
  type SignInBody,
  type SignUpBody,
} from "./schemas";
// Browser side: shared auth state (SPEC §3-4) and the account screens.
export { AuthProvider } from "./components/auth-provider";
export { useAuth } from "./components/use-auth";
export type { AuthState, UserPlan } from "./components/auth-context";
export { DashboardUserMenu } from "./components/dashboard-user-menu";
export { MarketingAccountActions } from "./components/marketing-account-actions";
export { SignedInSwitch } from "./components/signed-in-switch";
export { SignInForm } from "./components/sign-in/sign-in-form";
export { SignUpForm } from "./components/sign-up/sign-up-form";
export { AuthCallbackHandler } from "./components/callback/auth-callback-handler";
export { ForgotPasswordForm } from "./components/recovery/forgot-password-form";
export { ResetPasswordForm } from "./components/recovery/reset-password-form";
export { AccountSettings } from "./components/settings/account-settings";
export { authCopy } from "./copy";
export { SECURITY_EVENT_LABELS, securityEventLabel, type SecurityEventView } from "./security-events/labels";
export { SecurityEventsList } from "./security-events/security-events-list";
