import { BlockList, isIP } from "node:net";

/**
 * Addresses a server-side fetch of a user's URL must never reach (SSRF): loopback, private networks,
 * link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), carrier-grade NAT, multicast, reserved and
 * the unspecified address, IPv4 and IPv6 (IPv4-mapped IPv6 addresses are checked as IPv4).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  // NAT64 and 6to4 embed IPv4 addresses (IPv4-mapped ones are read as IPv4 below: a ::ffff:0:0/96 rule here
  // would match every IPv4 address, as BlockList compares IPv4 with IPv6 rules in that form).
  ["64:ff9b::", 96],
  ["2002::", 16],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
/** The same in hex, as URL parsing writes it: `[::ffff:127.0.0.1]` becomes `[::ffff:7f00:1]`. */
const MAPPED_IPV4_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** True when the address (IPv4 or IPv6 text) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const hex = MAPPED_IPV4_HEX.exec(address);
  if (hex) {
    const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family === 6) return !blocked.check(address, "ipv6");
  return false;
}
