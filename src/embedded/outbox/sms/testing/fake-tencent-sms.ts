import { createHash, createHmac, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { FakeSmsGateway, readBody, sendJson } from "./fake-sms-server";

/**
 * A fake of Tencent Cloud's SMS API (SendSms 2021-01-11) for tests: it checks the TC3-HMAC-SHA256
 * `Authorization` as the real endpoint does — canonical request over the signed headers and the body
 * hash, the dated signing key, the SecretId, a timestamp within 5 minutes — and answers in Tencent's
 * JSON shapes, per-number failures inside `SendStatusSet`. The host is checked without its port (the
 * official SDK signs the host name). Its own implementation, apart from the sender's on purpose.
 */
export class FakeTencentSms extends FakeSmsGateway {
  constructor(readonly secretId = "AKID-fake-secret-id", readonly secretKey = "fake-tencent-secret-key") {
    super();
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const requestId = randomUUID();
    const error = (code: string, message: string) => sendJson(response, 200, { Response: { Error: { Code: code, Message: message }, RequestId: requestId } });

    const authorization = request.headers.authorization ?? "";
    const match = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!match) return error("AuthFailure.InvalidAuthorization", "Authorization 格式不正确");
    const [, secretId, date, service, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
    if (secretId !== this.secretId) return error("AuthFailure.SecretIdNotFound", "The SecretId is not found");
    const timestamp = Number(request.headers["x-tc-timestamp"]);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return error("AuthFailure.SignatureExpire", "Signature expired");
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date || service !== "sms") return error("AuthFailure.SignatureFailure", "Credential scope mismatch");

    const headerValue = (name: string) => (name === "host" ? (request.headers.host ?? "").replace(/:\d+$/, "") : String(request.headers[name] ?? "").trim());
    const names = signedHeaders.split(";");
    // TC3 canonical headers: names and values in lower case, trimmed.
    const canonicalHeaders = names.map((name) => `${name}:${headerValue(name).toLowerCase()}\n`).join("");
    const canonicalRequest = `${request.method}\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${createHash("sha256").update(body).digest("hex")}`;
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${createHash("sha256").update(canonicalRequest).digest("hex")}`;
    const dateKey = createHmac("sha256", `TC3${this.secretKey}`).update(date).digest();
    const serviceKey = createHmac("sha256", dateKey).update(service).digest();
    const signingKey = createHmac("sha256", serviceKey).update("tc3_request").digest();
    if (createHmac("sha256", signingKey).update(stringToSign).digest("hex") !== signature) return error("AuthFailure.SignatureFailure", "The provided credentials could not be validated.");
    if (request.headers["x-tc-action"] !== "SendSms" || request.headers["x-tc-version"] !== "2021-01-11") return error("InvalidAction", "Action or version not supported");

    const input = JSON.parse(body) as { PhoneNumberSet?: string[]; SignName?: string; TemplateId?: string; TemplateParamSet?: string[]; SmsSdkAppId?: string };
    if (!input.SmsSdkAppId) return error("MissingParameter", "SmsSdkAppId is required");
    const statuses = (input.PhoneNumberSet ?? []).map((phone) => {
      if (!/^\+\d{6,15}$/.test(phone)) return { SerialNo: "", PhoneNumber: phone, Fee: 0, SessionContext: "", Code: "InvalidParameterValue.IncorrectPhoneNumber", Message: "手机号格式错误", IsoCode: "" };
      const failure = this.failures.shift();
      if (failure) return { SerialNo: "", PhoneNumber: phone, Fee: 0, SessionContext: "", Code: failure, Message: `fake failure ${failure}`, IsoCode: "CN" };
      this.sent.push({ phone, signName: input.SignName ?? "", template: input.TemplateId ?? "", params: input.TemplateParamSet ?? [] });
      return { SerialNo: randomUUID(), PhoneNumber: phone, Fee: 1, SessionContext: "", Code: "Ok", Message: "send success", IsoCode: "CN" };
    });
    sendJson(response, 200, { Response: { SendStatusSet: statuses, RequestId: requestId } });
  }
}
