import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local fakes of 阿里云内容安全 (TextModerationPlus) and 腾讯云文本内容安全 (TextModeration) for tests:
 * each checks the request's signature with its own implementation (kept apart from the client's on
 * purpose), refuses a wrong one as the real service does, and flags text containing `blockWord`.
 */
abstract class FakeModerationServer {
  private server?: Server;
  /** Texts the fake was asked about, in order. */
  readonly texts: string[] = [];
  /** Milliseconds to wait before answering (time-out tests). */
  delayMs = 0;

  constructor(readonly blockWord = "违禁测试") {}

  protected abstract handle(request: IncomingMessage, body: string, response: ServerResponse): void;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const answer = () => this.handle(request, Buffer.concat(chunks).toString("utf8"), response);
        if (this.delayMs) setTimeout(answer, this.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", () => resolve()));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

const json = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
};

export class FakeAliyunModeration extends FakeModerationServer {
  constructor(
    readonly accessKeyId = "LTAI-fake-moderation",
    readonly accessKeySecret = "fake-moderation-secret",
    blockWord?: string,
  ) {
    super(blockWord);
  }

  protected handle(request: IncomingMessage, body: string, response: ServerResponse): void {
    const params = new URLSearchParams(body);
    const refuse = (status: number, code: string, message: string): void => json(response, status, { RequestId: "fake", Code: code, Message: message });
    if (params.get("AccessKeyId") !== this.accessKeyId) return refuse(404, "InvalidAccessKeyId.NotFound", "Specified access key is not found.");
    const signature = params.get("Signature");
    params.delete("Signature");
    // RFC 3986 encoding of the sorted pairs; the string to sign is METHOD&%2F&<encoded canonical query>.
    const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => "%" + char.charCodeAt(0).toString(16).toUpperCase());
    const canonical = [...params.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${encode(key)}=${encode(value)}`)
      .join("&");
    const expected = createHmac("sha1", `${this.accessKeySecret}&`).update(`${request.method}&%2F&${encode(canonical)}`).digest("base64");
    if (signature !== expected) return refuse(400, "SignatureDoesNotMatch", "Specified signature is not matched with our calculation.");
    if (params.get("Action") !== "TextModerationPlus" || params.get("Version") !== "2022-03-02") return refuse(404, "InvalidAction.NotFound", "Specified api is not found.");
    const content = (JSON.parse(params.get("ServiceParameters") ?? "{}") as { content?: string }).content ?? "";
    this.texts.push(content);
    const risky = content.includes(this.blockWord);
    json(response, 200, {
      RequestId: "fake",
      Code: 200,
      Message: "OK",
      Data: risky ? { RiskLevel: "high", Result: [{ Label: "contraband_drug", Confidence: 99, RiskWords: this.blockWord, Description: "疑似违禁内容" }] } : { RiskLevel: "none", Result: [{ Label: "nonLabel" }] },
    });
  }
}

export class FakeTencentModeration extends FakeModerationServer {
  constructor(
    readonly secretId = "AKID-fake-moderation",
    readonly secretKey = "fake-tencent-secret",
    blockWord?: string,
  ) {
    super(blockWord);
  }

  protected handle(request: IncomingMessage, body: string, response: ServerResponse): void {
    const refuse = (code: string, message: string): void => json(response, 200, { Response: { Error: { Code: code, Message: message }, RequestId: "fake" } });
    const authorization = request.headers.authorization ?? "";
    const parts = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/tms\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!parts) return refuse("AuthFailure.InvalidAuthorization", "Authorization is invalid.");
    if (parts[1] !== this.secretId) return refuse("AuthFailure.SecretIdNotFound", "The SecretId is not found.");
    const timestamp = Number(request.headers["x-tc-timestamp"]);
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return refuse("AuthFailure.SignatureExpire", "Signature expired.");
    const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
    const canonicalRequest = `POST\n/\n\ncontent-type:${request.headers["content-type"]}\nhost:${request.headers.host}\n\ncontent-type;host\n${sha256(body)}`;
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${parts[2]}/tms/tc3_request\n${sha256(canonicalRequest)}`;
    let key: Buffer = createHmac("sha256", `TC3${this.secretKey}`).update(parts[2]!).digest();
    key = createHmac("sha256", key).update("tms").digest();
    key = createHmac("sha256", key).update("tc3_request").digest();
    if (createHmac("sha256", key).update(stringToSign).digest("hex") !== parts[3]) return refuse("AuthFailure.SignatureFailure", "The provided credentials could not be validated.");
    if (request.headers["x-tc-action"] !== "TextModeration" || request.headers["x-tc-version"] !== "2020-12-29") return refuse("InvalidAction", "The action is not found.");
    const content = Buffer.from((JSON.parse(body) as { Content?: string }).Content ?? "", "base64").toString("utf8");
    this.texts.push(content);
    const risky = content.includes(this.blockWord);
    json(response, 200, { Response: { Suggestion: risky ? "Block" : "Pass", Label: risky ? "Illegal" : "Normal", Keywords: risky ? [this.blockWord] : [], Score: risky ? 99 : 0, RequestId: "fake" } });
  }
}
