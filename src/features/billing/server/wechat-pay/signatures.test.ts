import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Aes, Formatter, Rsa } from "wechatpay-axios-plugin";
import { authorizationHeader, decryptResource, encryptResource, parseAuthorization, rsaSign, rsaVerify, signingMessage } from "./signatures";

/*
 * Our hand-written v3 cryptography against the maintained SDK's own helpers (wechatpay-axios-plugin,
 * a devDependency only for this check). The fake WeChat Pay uses signatures.ts as well, so this test
 * is what keeps the fake and the code from agreeing on a mistake.
 */
const merchant = generateKeyPairSync("rsa", { modulusLength: 2048 });
const platform = generateKeyPairSync("rsa", { modulusLength: 2048 });
const API_V3_KEY = "0123456789abcdefABCDEF0123456789";

describe("微信支付 v3 signatures agree with wechatpay-axios-plugin", () => {
  it("the request Authorization: same message, same RSA-SHA256 signature, fields readable in any order", () => {
    const body = JSON.stringify({ mchid: "1900000109", amount: { total: 4900, currency: "CNY" }, description: "思维火花 专业版" });
    const ours = authorizationHeader({ mchId: "1900000109", serialNo: "ABC123", privateKey: merchant.privateKey, method: "POST", pathWithQuery: "/v3/pay/transactions/native", body, timestamp: 1764115200, nonceStr: "n0nce" });
    const sdkSignature = Rsa.sign(Formatter.request("POST", "/v3/pay/transactions/native", 1764115200, "n0nce", body), merchant.privateKey);
    const sdkHeader = Formatter.authorization("1900000109", "n0nce", sdkSignature, 1764115200, "ABC123");
    expect(parseAuthorization(ours)).toEqual(parseAuthorization(sdkHeader));
    expect(parseAuthorization(sdkHeader)).toMatchObject({ mchid: "1900000109", signature: sdkSignature, serial_no: "ABC123" });
  });

  it("response / notification signatures: the SDK's verify accepts ours and ours accepts the SDK's", () => {
    const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=abc"}';
    expect(signingMessage("1764115200", "n0nce", body)).toBe(Formatter.response(1764115200, "n0nce", body));
    expect(rsaVerify(signingMessage("1764115200", "n0nce", body), Rsa.sign(Formatter.response(1764115200, "n0nce", body), platform.privateKey), platform.publicKey)).toBe(true);
    expect(Rsa.verify(Formatter.response(1764115200, "n0nce", body), rsaSign(signingMessage("1764115200", "n0nce", body), platform.privateKey), platform.publicKey)).toBe(true);
    expect(rsaVerify(signingMessage("1764115200", "n0nce", `${body} `), rsaSign(signingMessage("1764115200", "n0nce", body), platform.privateKey), platform.publicKey)).toBe(false);
  });

  it("the JSAPI paySign message is appId\\ntimeStamp\\nnonceStr\\npackage\\n", () => {
    const ours = rsaSign(signingMessage("wxd678efh567hg6787", "1764115200", "n0nce", "prepay_id=wx201410272009395522657a690389285100"), merchant.privateKey);
    expect(ours).toBe(Rsa.sign(Formatter.joinedByLineFeed("wxd678efh567hg6787", "1764115200", "n0nce", "prepay_id=wx201410272009395522657a690389285100"), merchant.privateKey));
  });

  it("AEAD_AES_256_GCM: resources the SDK encrypts decrypt here, and the other way round; tampering throws", () => {
    const plaintext = JSON.stringify({ out_trade_no: "1217752501201407033233368018", trade_state: "SUCCESS", amount: { total: 4900 } });
    const ciphertext = Aes.AesGcm.encrypt(plaintext, API_V3_KEY, "0123456789ab", "transaction");
    expect(decryptResource({ ciphertext, nonce: "0123456789ab", associated_data: "transaction" }, API_V3_KEY)).toBe(plaintext);
    const ours = encryptResource(plaintext, API_V3_KEY, "certificate");
    expect(Aes.AesGcm.decrypt(ours.ciphertext, API_V3_KEY, ours.nonce, "certificate")).toBe(plaintext);
    expect(() => decryptResource({ ciphertext, nonce: "0123456789ab", associated_data: "refund" }, API_V3_KEY)).toThrow();
    expect(() => decryptResource({ ciphertext, nonce: "0123456789ab", associated_data: "transaction" }, "ffffffffffffffffffffffffffffffff")).toThrow();
  });
});
