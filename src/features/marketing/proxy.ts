// What src/proxy.ts takes from marketing: which paths are the prerendered pages.
export { isStaticMarketingPage } from "./static-pages";
