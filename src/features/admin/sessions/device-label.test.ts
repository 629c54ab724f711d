import { describe, expect, it } from "vitest";
import { addressLabel, deviceLabel } from "./device-label";

const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_WECHAT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323a) NetType/WIFI Language/zh_CN";

describe("deviceLabel", () => {
  it("names the browser and the system as people say them", () => {
    expect(deviceLabel(MAC_CHROME)).toBe("Chrome · macOS");
    expect(deviceLabel(IPHONE_WECHAT)).toBe("微信 · iOS");
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")).toBe("Edge · Windows");
  });

  it("has no label for an empty or unrecognised agent", () => {
    expect(deviceLabel(null)).toBeNull();
    expect(deviceLabel("")).toBeNull();
    expect(deviceLabel("x")).toBeNull();
  });
});

describe("addressLabel", () => {
  it("says 本机 for loopback and unwraps IPv4-mapped addresses", () => {
    expect(addressLabel("::1")).toBe("本机");
    expect(addressLabel("127.0.0.1")).toBe("本机");
    expect(addressLabel("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressLabel("2001:db8::1")).toBe("2001:db8::1");
    expect(addressLabel(null)).toBeNull();
  });
});
