import { describe, expect, it } from "vitest";
import { CHECKOUT_METHODS, deviceKindOf } from "./checkout-methods";
import { methodsForDevice } from "./payment-providers";

const UA = {
  wechatIos: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN",
  wechatDesktop: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat",
  android: "Mozilla/5.0 (Linux; Android 14; 23127PN0CC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
  desktop: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

describe("checkout methods by device", () => {
  it("tells WeChat's browser, phones and desktops apart", () => {
    expect(deviceKindOf(UA.wechatIos)).toBe("wechat");
    expect(deviceKindOf(UA.wechatDesktop)).toBe("wechat");
    expect(deviceKindOf(UA.android)).toBe("mobile");
    expect(deviceKindOf(UA.desktop)).toBe("desktop");
  });

  it("offers what is configured and fits, best first", () => {
    expect(methodsForDevice(CHECKOUT_METHODS, "wechat")).toEqual(["wechat_jsapi", "alipay_wap"]);
    expect(methodsForDevice(CHECKOUT_METHODS, "mobile")).toEqual(["wechat_h5", "alipay_wap"]);
    expect(methodsForDevice(CHECKOUT_METHODS, "desktop")).toEqual(["wechat_native", "alipay_page", "alipay_qr"]);
    expect(methodsForDevice(["alipay_page", "alipay_wap", "alipay_qr"], "wechat")).toEqual(["alipay_wap"]);
    expect(methodsForDevice([], "desktop")).toEqual([]);
  });
});
