import { describe, expect, it } from "vitest";
import { canonicalCidr, ipAllowed, networkOf } from "./key-networks";

describe("key networks", () => {
  it("stores allow-list entries canonically: bare addresses as /32 or /128, IPv6 in lower case", () => {
    expect(canonicalCidr(" 203.0.113.7 ")).toBe("203.0.113.7/32");
    expect(canonicalCidr("10.0.0.0/8")).toBe("10.0.0.0/8");
    expect(canonicalCidr("2001:DB8::/32")).toBe("2001:db8::/32");
    expect(canonicalCidr("::ffff:192.0.2.1")).toBe("192.0.2.1/32");
    expect(canonicalCidr("10.0.0.0/33")).toBeUndefined();
    expect(canonicalCidr("example.com")).toBeUndefined();
  });

  it("matches addresses against IPv4 and IPv6 networks; an unknown address never passes", () => {
    const list = ["203.0.113.7/32", "10.0.0.0/8", "2001:db8::/32"];
    expect(ipAllowed(list, "203.0.113.7")).toBe(true);
    expect(ipAllowed(list, "::ffff:10.1.2.3")).toBe(true);
    expect(ipAllowed(list, "2001:db8:ffff::1")).toBe(true);
    expect(ipAllowed(list, "203.0.113.8")).toBe(false);
    expect(ipAllowed(list, "2001:db9::1")).toBe(false);
    expect(ipAllowed(list, undefined)).toBe(false);
    expect(ipAllowed(list, "not-an-ip")).toBe(false);
  });

  it("names an address's /24 or /48, whatever way IPv6 is written", () => {
    expect(networkOf("198.51.100.200")).toBe("198.51.100.0/24");
    expect(networkOf("2001:db8:aaaa:1::1")).toBe("2001:db8:aaaa::/48");
    expect(networkOf("2001:0DB8:AAAA:0002:0:0:0:1")).toBe("2001:db8:aaaa::/48");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkOf("::1")).toBe("0:0:0::/48");
    expect(networkOf("garbage")).toBeUndefined();
  });
});
