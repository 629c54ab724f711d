// Browser defences: Content-Security-Policy, security headers, cross-site request refusal.
// Free of server-only imports: the proxy and next.config.ts use it.
export { buildContentSecurityPolicy, createNonce, type ContentSecurityPolicyOptions } from "./content-security-policy";
export { crossSiteRefusal, CROSS_SITE_REFUSED_MESSAGE, isCrossSiteApiWrite, isGuardedApiWrite, ownOrigins } from "./cross-site-requests";
export { BASELINE_SECURITY_HEADERS, cameOverHttps, setSecurityHeaders, STRICT_TRANSPORT_SECURITY } from "./security-headers";
export { NONCE_HEADER } from "./nonce-header";
export { HOSTED_CAPTCHA_SOURCES, isHostedCaptchaProvider, type HostedCaptchaProvider } from "./captcha-sources";
