import { COLOR_MODE_STORAGE_KEY, forcedColorModes } from "./forced-modes";

/**
 * The inline script that sets the colour-mode class on <html> before first paint (no flash of the
 * wrong theme). next-themes renders an equivalent one, but as `fn.toString()` of its bundled code, whose
 * text (and so CSP hash) changes with every minification; this one is a fixed string, so the proxy can
 * allow it by hash on every page, static ones included, with no nonce. Same rules as
 * `forcedColorModeFor` (a forced "system" is ignored) and next-themes' class + color-scheme.
 */
export const PRE_PAINT_SCRIPT =
  `(function(r,k){var d=document.documentElement,p=location.pathname,m,x;` +
  `for(x in r){if(x.slice(-2)==="/*"?p===x.slice(0,-2)||p.indexOf(x.slice(0,-1))===0:p===x){if(r[x]!=="system")m=r[x];break}}` +
  `try{if(!m){m=localStorage.getItem(k)||"system";if(m==="system")m=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}}catch(e){return}` +
  `if(m!=="light"&&m!=="dark")return;d.classList.remove("light","dark");d.classList.add(m);d.style.colorScheme=m})` +
  `(${JSON.stringify(forcedColorModes)},${JSON.stringify(COLOR_MODE_STORAGE_KEY)})`;

/** The script's CSP source, `'sha256-…'` (Web Crypto: the proxy's bundle has no node:crypto). */
export async function prePaintScriptHash(): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(PRE_PAINT_SCRIPT));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}
