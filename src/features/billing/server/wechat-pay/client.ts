import { X509Certificate, type KeyObject } from "node:crypto";
import { z } from "@/lib/zod";
import type { WechatPaySetup } from "./config";
import { authorizationHeader, decryptResource, nonce, rsaVerify, signingMessage } from "./signatures";

/** A WeChat Pay answer that was not 2xx, or could not be trusted (bad signature, unknown platform serial). */
export class WechatPayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Headers WeChat signs its responses and notifications with. */
export type SignedHeaders = { signature: string | null; timestamp: string | null; nonce: string | null; serial: string | null };

export function signedHeadersOf(headers: Headers): SignedHeaders {
  return {
    signature: headers.get("wechatpay-signature"),
    timestamp: headers.get("wechatpay-timestamp"),
    nonce: headers.get("wechatpay-nonce"),
    serial: headers.get("wechatpay-serial"),
  };
}

const certificatesSchema = z.object({
  data: z.array(
    z.object({
      serial_no: z.string(),
      encrypt_certificate: z.object({ algorithm: z.literal("AEAD_AES_256_GCM"), ciphertext: z.string(), nonce: z.string(), associated_data: z.string().optional() }),
    }),
  ),
});

const REFRESH_INTERVAL_MS = 60_000;

/**
 * Signed calls to the WeChat Pay API v3. Every request carries the merchant signature; every
 * response is verified with the platform key named by its Wechatpay-Serial before its body is
 * read. In certificate mode the platform certificates come from GET /v3/certificates (decrypted
 * with the API v3 key) and are fetched again when an unknown serial appears (rotation).
 */
export class WechatPayClient {
  private certificates = new Map<string, KeyObject>();
  private lastDownload = 0;

  constructor(
    readonly setup: WechatPaySetup,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The platform key with this serial (public-key id or certificate serial), or null. */
  async platformKey(serial: string | null): Promise<KeyObject | null> {
    if (!serial) return null;
    const { platform } = this.setup;
    if (platform.mode === "public-key") return serial === platform.keyId ? platform.publicKey : null;
    if (!this.certificates.has(serial.toUpperCase()) && Date.now() - this.lastDownload > REFRESH_INTERVAL_MS) await this.downloadCertificates();
    return this.certificates.get(serial.toUpperCase()) ?? null;
  }

  /** Whether a body came from WeChat Pay: its signature over TIMESTAMP\nNONCE\nBODY\n with the platform key. */
  async verify(headers: SignedHeaders, body: string): Promise<boolean> {
    if (!headers.signature || !headers.timestamp || !headers.nonce) return false;
    const key = await this.platformKey(headers.serial);
    return key !== null && rsaVerify(signingMessage(headers.timestamp, headers.nonce, body), headers.signature, key);
  }

  private async downloadCertificates(): Promise<void> {
    this.lastDownload = Date.now();
    const { status, headers, body } = await this.send("GET", "/v3/certificates");
    if (status !== 200) {
      const error = (() => {
        try {
          return JSON.parse(body) as { code?: string };
        } catch {
          return {};
        }
      })();
      throw new WechatPayError("下载微信支付平台证书失败", status, error.code);
    }
    const parsed = certificatesSchema.parse(JSON.parse(body));
    const downloaded = new Map<string, KeyObject>();
    for (const item of parsed.data) {
      const certificate = new X509Certificate(decryptResource(item.encrypt_certificate, this.setup.apiV3Key));
      downloaded.set(certificate.serialNumber.toUpperCase(), certificate.publicKey);
    }
    // The answer is signed by one of the certificates it carries: check it before keeping any.
    const signer = headers.serial ? downloaded.get(headers.serial.toUpperCase()) : undefined;
    if (!signer || !headers.signature || !headers.timestamp || !headers.nonce || !rsaVerify(signingMessage(headers.timestamp, headers.nonce, body), headers.signature, signer)) {
      throw new WechatPayError("微信支付平台证书的应答签名无效", 502);
    }
    this.certificates = downloaded;
  }

  private async send(method: "GET" | "POST", pathWithQuery: string, payload?: unknown): Promise<{ status: number; headers: SignedHeaders; body: string }> {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const authorization = authorizationHeader({
      mchId: this.setup.mchId,
      serialNo: this.setup.mchSerialNo,
      privateKey: this.setup.privateKey,
      method,
      pathWithQuery,
      body,
      timestamp: Math.floor(this.clock().getTime() / 1000),
      nonceStr: nonce(),
    });
    const response = await fetch(`${this.setup.apiBase}${pathWithQuery}`, {
      method,
      headers: { Authorization: authorization, Accept: "application/json", "User-Agent": "sparkai-wechatpay/1", ...(payload === undefined ? {} : { "Content-Type": "application/json" }) },
      ...(payload === undefined ? {} : { body }),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, headers: signedHeadersOf(response.headers), body: await response.text() };
  }

  /** A signed call whose answer is trusted only after its signature checks out; non-2xx → WechatPayError. */
  async request<T = unknown>(method: "GET" | "POST", pathWithQuery: string, payload?: unknown): Promise<{ status: number; data: T | null }> {
    const { status, headers, body } = await this.send(method, pathWithQuery, payload);
    if (!(await this.verify(headers, body))) throw new WechatPayError("微信支付应答签名无效", 502);
    const data = body ? (JSON.parse(body) as T) : null;
    if (status < 200 || status >= 300) {
      const error = (data ?? {}) as { code?: string; message?: string };
      throw new WechatPayError(error.message ?? `微信支付返回 ${status}`, status, error.code);
    }
    return { status, data };
  }
}
