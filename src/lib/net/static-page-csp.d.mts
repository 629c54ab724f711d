import type { Handler } from "./hardened-server.mjs";

/** Types of static-page-csp.mjs. */
export const PLACEHOLDER: string;
export function inlineScripts(html: string): string[];
export function scriptHash(script: string): string;
export function buildInlineScriptHashes(appDir: string): Set<string>;
export function allowedScriptHashes(html: string, buildHashes: Set<string>): string[];
export function filledPolicy(response: {
  policy: string;
  body: Buffer;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  buildHashes: Set<string>;
}): string;
export function withStaticPageScriptHashes(handler: Handler, buildHashes: () => Set<string>): Handler;
