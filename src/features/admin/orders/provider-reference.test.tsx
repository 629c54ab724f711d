import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { orderChannelLabel, ProviderReference } from "./provider-reference";

describe("provider references", () => {
  it("names a simulated QR order 「支付宝（测试）」 with the stored handle on hover", () => {
    const reference = "test-qr:alipay:4b0c2f59-9d7e-4a55-a0b1-0f1e7d3c2b1a";
    expect(orderChannelLabel({ provider: "local", providerSessionId: reference })).toBe("支付宝（测试）");
    expect(orderChannelLabel({ provider: "local", providerSessionId: "test-qr:wechat_pay:x" })).toBe("微信支付（测试）");
    // Paid on the simulated cashier page (issue 38 item 6).
    expect(orderChannelLabel({ provider: "local", providerSessionId: "test-page:alipay:x" })).toBe("支付宝（测试）");
    const html = renderToStaticMarkup(<ProviderReference reference={reference} />);
    expect(html).toContain("支付宝（测试）");
    expect(html).toContain(`title="${reference}"`);
    expect(html).not.toContain(`>${reference}<`);
  });

  it("keeps a real provider's id and the provider's own name", () => {
    expect(orderChannelLabel({ provider: "alipay", providerSessionId: "2026112722001" })).toBe("支付宝");
    expect(renderToStaticMarkup(<ProviderReference reference="cs_test_123" />)).toContain(">cs_test_123<");
    expect(renderToStaticMarkup(<ProviderReference reference={null} />)).toBe("—");
  });
});
