// @ts-check
/**
 * The script hashes of a static page's Content-Security-Policy, filled in by server.mjs from the HTML
 * actually sent. A prerendered page cannot carry a per-request nonce, and its inline scripts are not
 * fixed at build time either: Next.js's `self.__next_f.push(…)` scripts carry the page's data, which
 * changes whenever the page is revalidated (the app listings, the plans). So the proxy marks a static
 * page's policy with PLACEHOLDER and this wrapper buffers the (complete, cached) HTML and replaces the
 * placeholder with one 'sha256-…' source per inline script it vouches for:
 *
 * - Next.js's data scripts, only in their exact shape `self.__next_f.push(<JSON>)` with JSON that parses,
 *   so nothing but data can ride in them;
 * - scripts that appear, byte for byte, in the build's own prerendered pages (React's and Next.js's
 *   bootstrap snippets, the colour-mode pre-paint script): code from the build, never from data.
 *
 * Anything else inline (markup injected through data) gets no hash and does not run.
 * Hand-written: no library fills a CSP header from a response body; script elements' raw text ends at
 * the first `</script`, so a pattern finds them exactly (React escapes that sequence inside scripts).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { PLACEHOLDER } from "./static-page-csp-placeholder.mjs";

export { PLACEHOLDER };

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPE = /^(|text\/javascript|application\/javascript|module)$/i;
const FLIGHT_PUSH = /^self\.__next_f\.push\(([\s\S]*)\)$/;

/**
 * The inline scripts a browser would run: no src, and a JavaScript type (JSON and other data blocks
 * never run, so they need no hash).
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScripts(html) {
  const scripts = [];
  for (const [, attributes, text] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes ?? "")?.[1] ?? "";
    if (!EXECUTABLE_TYPE.test(type)) continue;
    scripts.push(text ?? "");
  }
  return scripts;
}

/** @param {string} script */
export function scriptHash(script) {
  return `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
}

/** @param {string} script */
function isDataScript(script) {
  const argument = FLIGHT_PUSH.exec(script)?.[1];
  if (argument === undefined) return false;
  try {
    JSON.parse(argument);
    return true;
  } catch {
    return false;
  }
}

/**
 * Hashes of the scripts in the build's prerendered pages other than data scripts: the code the build
 * itself inlines. Read once at start-up.
 * @param {string} appDir the build's server app directory (.next/server/app)
 * @returns {Set<string>}
 */
export function buildInlineScriptHashes(appDir) {
  const hashes = new Set();
  /** @param {string} dir */
  const visit = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith(".html")) {
        for (const script of inlineScripts(readFileSync(file, "utf8"))) if (!isDataScript(script)) hashes.add(scriptHash(script));
      }
    }
  };
  visit(appDir);
  return hashes;
}

/**
 * The hashes to allow for this page: each inline script that is data or build code, once.
 * @param {string} html
 * @param {Set<string>} buildHashes
 * @returns {string[]}
 */
export function allowedScriptHashes(html, buildHashes) {
  const allowed = new Set();
  for (const script of inlineScripts(html)) {
    const hash = scriptHash(script);
    if (buildHashes.has(hash) || isDataScript(script)) allowed.add(hash);
  }
  return [...allowed];
}

/**
 * @param {Buffer} body
 * @param {string | undefined} encoding
 */
function decoded(body, encoding) {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "":
    case "identity":
      return body;
    case "gzip":
      return gunzipSync(body);
    case "br":
      return brotliDecompressSync(body);
    case "deflate":
      return inflateSync(body);
    default:
      return undefined;
  }
}

/**
 * The policy with PLACEHOLDER replaced by the hashes `body` needs (none when it is not HTML).
 * @param {{ policy: string, body: Buffer, contentType: string | undefined, contentEncoding: string | undefined, buildHashes: Set<string> }} response
 */
export function filledPolicy({ policy, body, contentType, contentEncoding, buildHashes }) {
  const html = body.length > 0 && /text\/html/i.test(contentType ?? "") ? decoded(body, contentEncoding) : undefined;
  const present = new Set(policy.split(/[\s;]+/));
  const hashes = html ? allowedScriptHashes(html.toString("utf8"), buildHashes).filter((hash) => !present.has(hash)) : [];
  return policy.replace(` ${PLACEHOLDER}`, hashes.map((hash) => ` ${hash}`).join("")).replace(PLACEHOLDER, hashes.join(" "));
}

/** @typedef {import("./hardened-server.mjs").Handler} Handler */

/**
 * Wraps the request handler: a response whose CSP carries PLACEHOLDER is held until it ends (a
 * prerendered page is sent in one piece anyway), then sent with the hashes filled in. Every other
 * response passes straight through, streaming as before.
 * @param {Handler} handler
 * @param {() => Set<string>} buildHashes read lazily: the build directory exists once Next.js is prepared
 * @returns {Handler}
 */
export function withStaticPageScriptHashes(handler, buildHashes) {
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return handler(req, res);
    /** @type {boolean | undefined} */
    let holding;
    /** @type {Buffer[]} */
    const chunks = [];
    const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
    const hold = () => {
      if (holding === undefined) {
        const policy = res.getHeader("content-security-policy");
        holding = typeof policy === "string" && policy.includes(PLACEHOLDER);
      }
      return holding;
    };
    /** @param {unknown} chunk @param {unknown} encoding */
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? /** @type {BufferEncoding} */ (encoding) : "utf8") : Buffer.from(/** @type {Uint8Array} */ (chunk)));
    };
    // Headers given to writeHead become ordinary headers first, so the policy can still change.
    res.writeHead = /** @type {typeof res.writeHead} */ (
      function (/** @type {number} */ status, /** @type {unknown[]} */ ...rest) {
        const headers = rest.find((value) => typeof value === "object" && value !== null);
        res.statusCode = status;
        if (typeof rest[0] === "string") res.statusMessage = rest[0];
        if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1]);
        else if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
        if (hold()) return res;
        return original.writeHead.call(res, status);
      }
    );
    res.flushHeaders = function () {
      if (!hold()) original.flushHeaders.call(res);
    };
    res.write = /** @type {typeof res.write} */ (
      function (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding, /** @type {unknown} */ callback) {
        if (!hold()) return original.write.apply(res, /** @type {never} */ ([chunk, encoding, callback]));
        keep(chunk, encoding);
        const done = typeof encoding === "function" ? encoding : callback;
        if (typeof done === "function") process.nextTick(done);
        return true;
      }
    );
    res.end = /** @type {typeof res.end} */ (
      function (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding, /** @type {unknown} */ callback) {
        if (!hold()) return original.end.apply(res, /** @type {never} */ ([chunk, encoding, callback]));
        keep(chunk, encoding);
        const body = Buffer.concat(chunks);
        const policy = String(res.getHeader("content-security-policy"));
        const header = (/** @type {string} */ name) => {
          const value = res.getHeader(name);
          return value === undefined ? undefined : String(value);
        };
        // A 304's headers replace the cached response's: with no body to hash, it must keep the cached policy.
        if (res.statusCode === 304) res.removeHeader("content-security-policy");
        else
          res.setHeader(
            "content-security-policy",
            filledPolicy({ policy, body, contentType: header("content-type"), contentEncoding: header("content-encoding"), buildHashes: buildHashes() }),
          );
        const done = [chunk, encoding, callback].find((value) => typeof value === "function");
        // Node's end() writes the head through res.writeHead: the original one, now.
        Object.assign(res, original);
        return original.end.call(res, body, /** @type {never} */ (done ?? (() => {})));
      }
    );
    return handler(req, res);
  };
}
