import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { totpQrImageSource } from "./totp-qr-image";

describe("totpQrImageSource", () => {
  it("encodes the SVG auth-js hands over, so a colour's # no longer cuts the data URL", async () => {
    const svg = await QRCode.toString("otpauth://totp/Spark:a@example.com?secret=ABC", { type: "svg" });
    expect(svg).toContain("#");
    const source = totpQrImageSource(`data:image/svg+xml;utf-8,${svg}`);
    expect(source.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(source).not.toContain("#");
    expect(decodeURIComponent(source.slice(source.indexOf(",") + 1))).toBe(svg);
  });

  it("keeps a data URL that is already encoded", () => {
    const encoded = "data:image/png;base64,iVBORw0KGgo=";
    expect(totpQrImageSource(encoded)).toBe(encoded);
  });
});
