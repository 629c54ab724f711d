import { describe, expect, it } from "vitest";
import { normalizeAddress, parseTrustedProxies, resolveClient } from "./client-address.mjs";

const none = parseTrustedProxies(undefined);

describe("resolveClient: who the visitor is", () => {
  it("ignores a spoofed X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(resolveClient(none, "203.0.113.9", "1.2.3.4")).toEqual({ ip: "203.0.113.9", viaTrustedProxy: false });
    expect(resolveClient(none, "127.0.0.1", "1.2.3.4, 5.6.7.8").ip).toBe("127.0.0.1");
    const list = parseTrustedProxies("10.0.0.0/8");
    expect(resolveClient(list, "198.51.100.7", "10.0.0.1").ip).toBe("198.51.100.7");
  });

  it("with a hop count, takes the entry that many proxies in", () => {
    const one = parseTrustedProxies("1");
    // The client's own entries come first; our proxy appends the peer it saw.
    expect(resolveClient(one, "10.0.0.2", "6.6.6.6, 203.0.113.9").ip).toBe("203.0.113.9");
    const two = parseTrustedProxies("2");
    expect(resolveClient(two, "10.0.0.2", "6.6.6.6, 203.0.113.9, 10.0.0.3").ip).toBe("203.0.113.9");
    // Fewer entries than hops: the furthest one we have.
    expect(resolveClient(two, "10.0.0.2", "203.0.113.9").ip).toBe("203.0.113.9");
    expect(resolveClient(one, "10.0.0.2", undefined)).toEqual({ ip: "10.0.0.2", viaTrustedProxy: true });
  });

  it("with a CIDR list, walks from the right past trusted hops only", () => {
    const trust = parseTrustedProxies("127.0.0.1/32, 10.0.0.0/8");
    expect(resolveClient(trust, "127.0.0.1", "6.6.6.6, 203.0.113.9, 10.1.2.3").ip).toBe("203.0.113.9");
    // Entries left of the first untrusted one are the client's text, even if they name a trusted range.
    expect(resolveClient(trust, "127.0.0.1", "10.9.9.9, 203.0.113.9").ip).toBe("203.0.113.9");
    expect(resolveClient(trust, "127.0.0.1", "1.1.1.1,2.2.2.2").ip).toBe("2.2.2.2");
  });

  it("treats IPv4-mapped IPv6 peers and entries as IPv4", () => {
    const trust = parseTrustedProxies("127.0.0.1/32");
    expect(resolveClient(trust, "::ffff:127.0.0.1", "203.0.113.9").ip).toBe("203.0.113.9");
    expect(resolveClient(none, "::ffff:198.51.100.7", "1.2.3.4").ip).toBe("198.51.100.7");
    expect(resolveClient(trust, "127.0.0.1", "::ffff:203.0.113.9").ip).toBe("203.0.113.9");
  });

  it("handles IPv6 proxies and visitors", () => {
    const trust = parseTrustedProxies("::1/128, 2001:db8::/32");
    expect(resolveClient(trust, "::1", "2001:DB8::5, 2a00:1450::1").ip).toBe("2a00:1450::1");
    expect(resolveClient(trust, "::1", "[2a00:1450::1]:443").ip).toBe("2a00:1450::1");
    expect(resolveClient(parseTrustedProxies("loopback"), "::1", "203.0.113.9").ip).toBe("203.0.113.9");
  });

  it("stops at garbage: never returns text the client wrote that is not an address", () => {
    const trust = parseTrustedProxies("1");
    expect(resolveClient(trust, "10.0.0.2", "<script>").ip).toBe("10.0.0.2");
    expect(resolveClient(trust, "10.0.0.2", "unknown").ip).toBe("10.0.0.2");
    expect(resolveClient(trust, "10.0.0.2", "203.0.113.9:5555").ip).toBe("203.0.113.9");
    expect(resolveClient(trust, "10.0.0.2", ",,,").ip).toBe("10.0.0.2");
    expect(resolveClient(trust, "10.0.0.2", "1.2.3.4".repeat(20)).ip).toBe("10.0.0.2");
    const list = parseTrustedProxies("127.0.0.1");
    expect(resolveClient(list, "127.0.0.1", "203.0.113.9, 999.1.1.1").ip).toBe("127.0.0.1");
    expect(resolveClient(none, undefined, "1.2.3.4")).toEqual({ ip: undefined, viaTrustedProxy: false });
  });

  it("reads repeated X-Forwarded-For headers as one list", () => {
    expect(resolveClient(parseTrustedProxies("1"), "10.0.0.2", ["6.6.6.6", "203.0.113.9"]).ip).toBe("203.0.113.9");
  });
});

describe("parseTrustedProxies", () => {
  it("accepts empty, hop counts, IPs and CIDRs", () => {
    expect(parseTrustedProxies("").kind).toBe("none");
    expect(parseTrustedProxies("0").kind).toBe("none");
    expect(parseTrustedProxies("2")).toEqual({ kind: "hops", hops: 2 });
    expect(parseTrustedProxies("127.0.0.1/32,10.0.0.0/8,::1,fd00::/8,private").kind).toBe("list");
  });

  it.each(["yes", "127.0.0.1/33", "10.0.0.0/8/1", "300.0.0.1", "::1/129", "11", "1.2.3.4,", "-1", "true"])(
    "refuses %s",
    (value) => {
      expect(() => parseTrustedProxies(value)).toThrow(/TRUSTED_PROXIES/);
    },
  );
});

describe("normalizeAddress", () => {
  it("strips ports, brackets, zone ids and the IPv4-mapped prefix", () => {
    expect(normalizeAddress(" 1.2.3.4:80 ")).toBe("1.2.3.4");
    expect(normalizeAddress("[::1]:3000")).toBe("::1");
    expect(normalizeAddress("FE80::1%eth0")).toBe("fe80::1");
    expect(normalizeAddress("::FFFF:10.0.0.1")).toBe("10.0.0.1");
    expect(normalizeAddress("example.com")).toBeUndefined();
  });
});
