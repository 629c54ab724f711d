// What src/proxy.ts takes from routing (not ./index.ts, which also exports a client component).
export { authCallbackRedirectTarget } from "./auth-callback-redirect";
export { REQUEST_PATH_HEADER } from "./request-path";
