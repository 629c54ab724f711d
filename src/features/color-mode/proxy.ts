// What src/proxy.ts takes from colour mode: the pre-paint script's CSP hash.
export { prePaintScriptHash } from "./pre-paint-script";
