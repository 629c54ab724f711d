import { BlockList, isIP } from "node:net";
import { normalizeAddress } from "@/lib/net/client-address.mjs";

/** Networks remembered per key for the new-network notice; the oldest is forgotten beyond this. */
export const MAX_SEEN_NETWORKS = 50;

/**
 * An allow-list entry as stored: `address/prefix` with the address normalized (a bare address is
 * its own /32 or /128). The schema has already checked the shape; undefined if it is not an IP.
 */
export function canonicalCidr(entry: string): string | undefined {
  const [address = "", prefixText] = entry.trim().split("/");
  const ip = normalizeAddress(address);
  if (!ip) return undefined;
  const max = isIP(ip) === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  return Number.isInteger(prefix) && prefix >= 0 && prefix <= max ? `${ip}/${prefix}` : undefined;
}

/**
 * Whether `address` (the visitor as the HTTP server decided it) is inside one of the stored entries.
 * Node's own `net.BlockList` does the CIDR arithmetic, as for TRUSTED_PROXIES; an address we could
 * not determine is never allowed.
 */
export function ipAllowed(allowList: readonly string[], address: string | undefined): boolean {
  const ip = normalizeAddress(address);
  if (!ip) return false;
  const list = new BlockList();
  for (const entry of allowList) {
    const [network = "", prefix] = entry.split("/");
    const family = isIP(network);
    if (family) list.addSubnet(network, Number(prefix), family === 4 ? "ipv4" : "ipv6");
  }
  return list.check(ip, isIP(ip) === 4 ? "ipv4" : "ipv6");
}

/**
 * The network of an address for the new-network notice: its /24 (IPv4) or /48 (IPv6), the blocks
 * one customer of a provider typically gets.
 */
export function networkOf(address: string | undefined): string | undefined {
  const ip = normalizeAddress(address);
  if (!ip) return undefined;
  if (isIP(ip) === 4) return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
  return `${ipv6Groups(ip).slice(0, 3).join(":")}::/48`;
}

/** The eight groups of a normalized IPv6 address, without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const [head = "", tail] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(8 - left.length - right.length, 0)).fill("0"), ...right];
  return groups.map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16).toString(16) : group));
}
