import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** One chunk of a page's first load: its path under .next/static and its sizes. */
export type FirstLoadChunk = { file: string; gzipBytes: number; rawBytes: number };

export type FirstLoadJs = { scripts: number; gzipBytes: number; rawBytes: number; inlineGzipBytes: number; chunks: FirstLoadChunk[] };

/**
 * `src` of every external script of a page (Next's chunks live under /_next/static/). `nomodule`
 * scripts (legacy polyfills) are left out: browsers that run modules never download them.
 */
export function scriptSources(html: string): string[] {
  return scriptTags(html).filter((tag) => !tag.legacy).map((tag) => tag.src);
}

function scriptTags(html: string): Array<{ src: string; legacy: boolean }> {
  return [...html.matchAll(/<script\b([^>]*)\bsrc="([^"]+)"([^>]*)>/g)]
    .map((match) => ({ src: match[2]!, legacy: /\bnomodule\b/i.test(`${match[1]}${match[3]}`) }))
    .filter((tag) => tag.src.includes("/_next/static/"));
}

/** Chunks the RSC payload names as client references: the browser loads them before hydrating too. */
function payloadChunks(html: string): string[] {
  return [...html.matchAll(/(?:\/_next\/)?static\/chunks\/[\w.-]+\.js/g)].map((match) => match[0]);
}

/** Text of the inline scripts (the RSC payload and bootstrapping), which also travel on first load. */
function inlineScripts(html: string): string {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "").join("\n");
}

/**
 * First-load JavaScript of a page as shipped by this build: every chunk its HTML loads (script tags
 * and the payload's client references), read from .next/static and gzipped one by one (as a server
 * would send them).
 */
export function measureFirstLoadJs(html: string, buildDir = ".next"): FirstLoadJs {
  const chunks: FirstLoadChunk[] = [];
  // The same chunk may appear twice (preload + script, or with a deployment query): count it once.
  const relativeOf = (src: string) => decodeURIComponent(src.replace(/^.*?static\//, "").replace(/[?#].*$/, ""));
  const legacy = new Set(scriptTags(html).filter((tag) => tag.legacy).map((tag) => relativeOf(tag.src)));
  const sources = [...new Set([...scriptSources(html), ...payloadChunks(html)].map(relativeOf))].filter((relative) => !legacy.has(relative));
  for (const relative of sources) {
    const file = path.join(buildDir, "static", relative);
    if (!existsSync(file)) throw new Error(`script not found in the build: ${relative}`);
    const bytes = readFileSync(file);
    chunks.push({ file: relative, gzipBytes: gzipSync(bytes, { level: 9 }).length, rawBytes: bytes.length });
  }
  const sum = (key: "gzipBytes" | "rawBytes") => chunks.reduce((total, chunk) => total + chunk[key], 0);
  return {
    scripts: sources.length,
    gzipBytes: sum("gzipBytes"),
    rawBytes: sum("rawBytes"),
    inlineGzipBytes: gzipSync(inlineScripts(html), { level: 9 }).length,
    // Largest first: what to look at when a ratio moves.
    chunks: chunks.sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}
