// @ts-check
/**
 * Who is the visitor? One answer for the whole app, decided once per request by the HTTP server
 * (server.mjs, src/embedded/standalone.ts) and written into the headers everything else reads.
 *
 * The socket peer is the visitor unless it is a trusted proxy (TRUSTED_PROXIES); then X-Forwarded-For
 * is walked from the right, skipping trusted hops, as nginx's `real_ip_recursive` and Express's
 * `trust proxy` do. Entries left of the first untrusted one were written by the client: never read.
 *
 * Plain JavaScript (JSDoc types, which `tsc` checks: tsconfig.json's checkJs) because the production
 * server runs with `node` alone, without devDependencies such as tsx. CIDR matching is Node's own
 * `net.BlockList`.
 */
import { BlockList, isIP } from "node:net";

/** Hop counts above this are a typo, not a deployment. */
const MAX_HOPS = 10;
/** A proxy chain longer than this is not worth walking: the rest is attacker-controlled text. */
const MAX_ENTRIES = 32;
const LOOPBACK = ["127.0.0.0/8", "::1/128"];
const PRIVATE = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"];

/**
 * @typedef {{ kind: "none" }
 *   | { kind: "hops", hops: number }
 *   | { kind: "list", list: BlockList, text: string }} TrustedProxies
 */

/**
 * Parses TRUSTED_PROXIES: empty = no proxy (the socket peer is the visitor); a whole number = that
 * many proxies in front (each appends to X-Forwarded-For); or a comma-separated list of IPs / CIDRs,
 * with the shorthands `loopback` and `private`. Throws a readable error on anything else.
 * @param {string | undefined} value
 * @returns {TrustedProxies}
 */
export function parseTrustedProxies(value) {
  const text = (value ?? "").trim();
  if (text === "" || text === "0") return { kind: "none" };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new Error(`TRUSTED_PROXIES 跳数过大（最多 ${MAX_HOPS}）：${text}`);
    return { kind: "hops", hops };
  }
  const list = new BlockList();
  for (const raw of text.split(",")) {
    const item = raw.trim();
    if (item === "loopback" || item === "private") {
      for (const cidr of item === "loopback" ? LOOPBACK : PRIVATE) addCidr(list, cidr, text);
    } else {
      addCidr(list, item, text);
    }
  }
  return { kind: "list", list, text };
}

/**
 * @param {BlockList} list
 * @param {string} item
 * @param {string} whole
 */
function addCidr(list, item, whole) {
  const [address = "", prefixText, extra] = item.split("/");
  const ip = normalizeAddress(address);
  const family = ip ? isIP(ip) : 0;
  const max = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!ip || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
    throw new Error(`TRUSTED_PROXIES 无法识别“${item}”：应为跳数（如 1）或以逗号分隔的 IP / CIDR（如 127.0.0.1/32,10.0.0.0/8）。整个值：${whole}`);
  }
  list.addSubnet(ip, prefix, family === 4 ? "ipv4" : "ipv6");
}

/**
 * An address as a proxy or Node writes it, made comparable: brackets and ports removed,
 * IPv4-mapped IPv6 (`::ffff:127.0.0.1`) as plain IPv4, IPv6 in lower case. Anything that is not an
 * IP address answers undefined.
 * @param {string | undefined} raw
 * @returns {string | undefined}
 */
export function normalizeAddress(raw) {
  let text = (raw ?? "").trim();
  if (text.length === 0 || text.length > 64) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = /** @type {string} */ (bracketed[1]);
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.toLowerCase();
  // A zone id (fe80::1%eth0) names an interface, not a visitor.
  if (text.includes("%")) text = text.slice(0, text.indexOf("%"));
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mapped) text = /** @type {string} */ (mapped[1]);
  return isIP(text) ? text : undefined;
}

/**
 * @param {TrustedProxies} trust
 * @param {string} address normalized
 * @param {number} index 0 = the socket peer, 1 = the last X-Forwarded-For entry, …
 */
function isTrusted(trust, address, index) {
  if (trust.kind === "hops") return index < trust.hops;
  if (trust.kind === "list") return trust.list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
  return false;
}

/**
 * @typedef {{ ip: string | undefined, viaTrustedProxy: boolean }} ResolvedClient
 */

/**
 * The visitor's address: the socket peer, or — when the peer is a trusted proxy — the nearest
 * X-Forwarded-For entry not written by a trusted hop. An unreadable entry ends the walk at the hop
 * that passed it on (we cannot name anyone further away). `viaTrustedProxy` says whether the peer
 * is a trusted proxy, i.e. whether its other X-Forwarded-* headers may be believed.
 * @param {TrustedProxies} trust
 * @param {string | undefined} peer `socket.remoteAddress`
 * @param {string | string[] | undefined} forwardedFor the request's X-Forwarded-For header(s)
 * @returns {ResolvedClient}
 */
export function resolveClient(trust, peer, forwardedFor) {
  const peerAddress = normalizeAddress(peer);
  if (!peerAddress) return { ip: undefined, viaTrustedProxy: false };
  if (!isTrusted(trust, peerAddress, 0)) return { ip: peerAddress, viaTrustedProxy: false };
  const text = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const entries = text.split(",").slice(-MAX_ENTRIES).reverse();
  let ip = peerAddress;
  for (let index = 0; index < entries.length; index++) {
    const next = normalizeAddress(entries[index]);
    if (!next) break;
    ip = next;
    if (!isTrusted(trust, next, index + 1)) break;
  }
  return { ip, viaTrustedProxy: true };
}
