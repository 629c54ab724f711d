import { createHmac, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { FakeSmsGateway, readBody, sendJson } from "./fake-sms-server";

/**
 * A fake of Aliyun's Dysmsapi (SendSms, RPC style) for tests: it checks the request the way the real
 * endpoint does — the HMAC-SHA1 signature over the sorted, RFC 3986-encoded parameters, the access
 * key, a fresh SignatureNonce, a Timestamp within 15 minutes — and answers in Aliyun's JSON shapes.
 * Its own implementation of the signature, kept apart from the sender's on purpose; the tests also
 * drive it with Aliyun's official client.
 */
export class FakeAliyunSms extends FakeSmsGateway {
  private readonly nonces = new Set<string>();

  constructor(readonly accessKeyId = "LTAI-fake-key-id", readonly accessKeySecret = "fake-aliyun-secret") {
    super();
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const params = new URLSearchParams(request.method === "POST" ? await readBody(request) : url.search);
    const requestId = randomUUID().toUpperCase();
    const refuse = (status: number, code: string, message: string) => sendJson(response, status, { RequestId: requestId, Code: code, Message: message, Recommend: "", HostId: "dysmsapi.aliyuncs.com" });

    if (params.get("AccessKeyId") !== this.accessKeyId) return refuse(404, "InvalidAccessKeyId.NotFound", "Specified access key is not found.");
    const signature = params.get("Signature") ?? "";
    params.delete("Signature");
    if (signature !== this.expectedSignature(request.method ?? "GET", params)) {
      return refuse(400, "SignatureDoesNotMatch", "Specified signature is not matched with our calculation.");
    }
    const nonce = params.get("SignatureNonce") ?? "";
    if (!nonce || this.nonces.has(nonce)) return refuse(400, "SignatureNonceUsed", "Specified signature nonce was used already.");
    this.nonces.add(nonce);
    const timestamp = Date.parse(params.get("Timestamp") ?? "");
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() - timestamp) > 15 * 60_000) return refuse(400, "InvalidTimeStamp.Expired", "Specified time stamp or date value is expired.");
    if (params.get("Action") !== "SendSms" || params.get("Version") !== "2017-05-25") return refuse(404, "InvalidAction.NotFound", "Specified api is not found, please check your url and method.");

    const phone = params.get("PhoneNumbers") ?? "";
    if (!/^\d{5,15}$/.test(phone)) return sendJson(response, 200, { RequestId: requestId, Code: "isv.MOBILE_NUMBER_ILLEGAL", Message: "非法手机号" });
    const failure = this.failures.shift();
    if (failure) return sendJson(response, 200, { RequestId: requestId, Code: failure, Message: `fake failure ${failure}` });
    let templateParams: Record<string, string>;
    try {
      templateParams = JSON.parse(params.get("TemplateParam") ?? "{}") as Record<string, string>;
    } catch {
      return sendJson(response, 200, { RequestId: requestId, Code: "isv.INVALID_JSON_PARAM", Message: "JSON参数不合法，只接受字符串值" });
    }
    this.sent.push({ phone, signName: params.get("SignName") ?? "", template: params.get("TemplateCode") ?? "", params: Object.values(templateParams) });
    sendJson(response, 200, { RequestId: requestId, Code: "OK", Message: "OK", BizId: `${Date.now()}^0` });
  }

  private expectedSignature(method: string, params: URLSearchParams): string {
    const encode = (value: string) =>
      encodeURIComponent(value)
        .replace(/!/g, "%21")
        .replace(/'/g, "%27")
        .replace(/\(/g, "%28")
        .replace(/\)/g, "%29")
        .replace(/\*/g, "%2A");
    const pairs = [...params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, value]) => `${encode(key)}=${encode(value)}`);
    const stringToSign = [method, encode("/"), encode(pairs.join("&"))].join("&");
    return createHmac("sha1", `${this.accessKeySecret}&`).update(stringToSign, "utf8").digest("base64");
  }
}
