import RPCClient from "@alicloud/pop-core";
import Sign from "tencentcloud-sdk-nodejs-common/tencentcloud/common/sign";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aliyunPercentEncode, aliyunPhoneNumber, createAliyunSmsProvider } from "./aliyun-sms";
import { SmsGatewayError } from "./sms-gateway-error";
import { smsProviderFromEnv } from "./sms-provider-from-env";
import { createTencentSmsProvider, tc3Authorization } from "./tencent-sms";
import { FakeAliyunSms } from "./testing/fake-aliyun-sms";
import { FakeTencentSms } from "./testing/fake-tencent-sms";

const sms = { to: "8613800000000", body: "您的验证码是 123456", kind: "sms", code: "123456" };

async function refusal(promise: Promise<unknown>): Promise<SmsGatewayError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SmsGatewayError);
  return error as SmsGatewayError;
}

describe("阿里云短信 (Dysmsapi SendSms) against a fake that checks signatures as Aliyun does", () => {
  const fake = new FakeAliyunSms();
  let endpoint = "";
  beforeAll(async () => {
    endpoint = await fake.start();
  });
  afterAll(() => fake.close());
  const provider = (secret = fake.accessKeySecret) =>
    createAliyunSmsProvider({ accessKeyId: fake.accessKeyId, accessKeySecret: secret, signName: "思维火花", templateCode: "SMS_123456789", endpoint });

  it("the fake accepts what Aliyun's official client sends, and refuses it signed with another secret", async () => {
    const official = (secret: string) => new RPCClient({ accessKeyId: fake.accessKeyId, accessKeySecret: secret, endpoint, apiVersion: "2017-05-25" });
    const params = { PhoneNumbers: "13900000000", SignName: "思维火花", TemplateCode: "SMS_1", TemplateParam: JSON.stringify({ code: "246810" }), RegionId: "cn-hangzhou" };
    await expect(official(fake.accessKeySecret).request("SendSms", params, { method: "POST" })).resolves.toMatchObject({ Code: "OK" });
    expect(fake.sent.at(-1)).toMatchObject({ phone: "13900000000", params: ["246810"] });
    await expect(official("wrong-secret").request("SendSms", params, { method: "POST" })).rejects.toMatchObject({ code: "SignatureDoesNotMatch" });
  });

  it("sends the code as the template's parameter, to the mainland number without +86", async () => {
    expect(await provider().send(sms)).toMatchObject({ messageId: expect.any(String) });
    expect(fake.sent.at(-1)).toEqual({ phone: "13800000000", signName: "思维火花", template: "SMS_123456789", params: ["123456"] });
    expect(aliyunPhoneNumber("85212345678")).toBe("85212345678");
    expect(aliyunPercentEncode("a b*c~!'()")).toBe("a%20b%2Ac~%21%27%28%29");
  });

  it("maps Aliyun's refusals to reasons with Chinese messages", async () => {
    fake.failNext("isv.BUSINESS_LIMIT_CONTROL");
    expect(await refusal(provider().send(sms))).toMatchObject({ reason: "rate_limited", code: "isv.BUSINESS_LIMIT_CONTROL", message: expect.stringContaining("太频繁") });
    fake.failNext("isv.AMOUNT_NOT_ENOUGH");
    expect(await refusal(provider().send(sms))).toMatchObject({ reason: "failed", message: "阿里云短信账户余额不足" });
    expect(await refusal(provider().send({ ...sms, to: "86abc" }))).toMatchObject({ reason: "invalid_phone", message: "手机号码格式不正确" });
    expect(await refusal(provider("wrong-secret").send(sms))).toMatchObject({ reason: "failed", code: "SignatureDoesNotMatch", message: expect.stringContaining("ALIYUN_SMS_ACCESS_KEY_SECRET") });
    fake.failNext("isv.SOMETHING_NEW");
    expect(await refusal(provider().send(sms))).toMatchObject({ reason: "failed", message: expect.stringContaining("isv.SOMETHING_NEW") });
    expect(await refusal(provider().send({ ...sms, code: undefined }))).toMatchObject({ reason: "failed", code: "no_code" });
  });
});

describe("腾讯云短信 (SendSms 2021-01-11) against a fake that checks TC3 signatures as Tencent does", () => {
  const fake = new FakeTencentSms();
  let endpoint = "";
  beforeAll(async () => {
    endpoint = await fake.start();
  });
  afterAll(() => fake.close());
  const provider = (secretKey = fake.secretKey) =>
    createTencentSmsProvider({ secretId: fake.secretId, secretKey, sdkAppId: "1400000000", signName: "思维火花", templateId: "1234567", endpoint });

  it("signs exactly as the official SDK's signer, and the fake accepts a request the official signer signed", async () => {
    const payload = { PhoneNumberSet: ["+8613700000000"], SmsSdkAppId: "1400000000", SignName: "思维火花", TemplateId: "1", TemplateParamSet: ["135790"] };
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { "Content-Type": "application/json; charset=utf-8" };
    const official = Sign.sign3({ method: "POST", url: `${endpoint}/`, payload, timestamp, service: "sms", secretId: fake.secretId, secretKey: fake.secretKey, multipart: false, boundary: "", headers });
    expect(tc3Authorization({ secretId: fake.secretId, secretKey: fake.secretKey, host: "127.0.0.1", service: "sms", payload: JSON.stringify(payload), timestamp })).toBe(official);

    const response = await fetch(endpoint, {
      method: "POST",
      headers: { ...headers, Authorization: official, "X-TC-Action": "SendSms", "X-TC-Version": "2021-01-11", "X-TC-Timestamp": String(timestamp), "X-TC-Region": "ap-guangzhou" },
      body: JSON.stringify(payload),
    });
    expect(await response.json()).toMatchObject({ Response: { SendStatusSet: [{ Code: "Ok" }] } });
    expect(fake.sent.at(-1)).toMatchObject({ phone: "+8613700000000", params: ["135790"] });
  });

  it("sends the code as the template's first parameter to the E.164 number", async () => {
    expect(await provider().send(sms)).toMatchObject({ messageId: expect.any(String) });
    expect(fake.sent.at(-1)).toEqual({ phone: "+8613800000000", signName: "思维火花", template: "1234567", params: ["123456"] });
  });

  it("maps Tencent's refusals (top-level and per number) to reasons with Chinese messages", async () => {
    fake.failNext("LimitExceeded.PhoneNumberDailyLimit");
    expect(await refusal(provider().send(sms))).toMatchObject({ reason: "rate_limited", message: expect.stringContaining("今天") });
    fake.failNext("FailedOperation.InsufficientBalanceInSmsPackage");
    expect(await refusal(provider().send(sms))).toMatchObject({ reason: "failed", message: "腾讯云短信套餐包余量不足" });
    expect(await refusal(provider().send({ ...sms, to: "86x" }))).toMatchObject({ reason: "invalid_phone" });
    expect(await refusal(provider("wrong-key").send(sms))).toMatchObject({ reason: "failed", code: "AuthFailure.SignatureFailure", message: expect.stringContaining("TENCENT_SMS_SECRET_KEY") });
  });
});

describe("smsProviderFromEnv", () => {
  it("is the dev outbox's business when AUTH_SMS_PROVIDER is unset", () => {
    expect(smsProviderFromEnv({})).toBeUndefined();
    expect(smsProviderFromEnv({ AUTH_SMS_PROVIDER: "" })).toBeUndefined();
  });

  it("builds the named sender, and names what is missing or wrong", () => {
    expect(smsProviderFromEnv({ AUTH_SMS_PROVIDER: "aliyun", ALIYUN_SMS_ACCESS_KEY_ID: "a", ALIYUN_SMS_ACCESS_KEY_SECRET: "b", ALIYUN_SMS_SIGN_NAME: "c", ALIYUN_SMS_TEMPLATE_CODE: "d" })?.name).toBe("aliyun");
    expect(() => smsProviderFromEnv({ AUTH_SMS_PROVIDER: "tencent", TENCENT_SMS_SECRET_ID: "a" })).toThrow(/TENCENT_SMS_SECRET_KEY、TENCENT_SMS_SDK_APP_ID/);
    expect(() => smsProviderFromEnv({ AUTH_SMS_PROVIDER: "twilio" })).toThrow(/AUTH_SMS_PROVIDER 必须是 aliyun 或 tencent/);
    expect(() => smsProviderFromEnv({ AUTH_SMS_PROVIDER: "aliyun", ALIYUN_SMS_ENDPOINT: "not a url" })).toThrow(/ALIYUN_SMS_ENDPOINT/);
  });
});
