export { AUTH_CALLBACK_PATH, authCallbackRedirectTarget } from "./auth-callback-redirect";
export { AuthCallbackRedirect } from "./components/auth-callback-redirect";
export { parseRouteParams } from "./route-params";
