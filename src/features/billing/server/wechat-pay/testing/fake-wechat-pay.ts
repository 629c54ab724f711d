import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { KeyObject } from "node:crypto";
import { encryptResource, nonce, parseAuthorization, rsaSign, rsaVerify, signingMessage } from "../signatures";

/**
 * A local fake of the WeChat Pay API v3 for contract tests (node:http on 127.0.0.1). It checks the
 * merchant Authorization header the way WeChat Pay does (mchid, serial_no, a 5-minute timestamp,
 * RSA-SHA256 over METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n with the merchant public key it is given),
 * signs every answer with its own platform key, serves /v3/certificates (the platform certificate
 * encrypted with the API v3 key), keeps transactions and refunds in memory, and lets a test "pay"
 * and send correctly signed, encrypted notifications — or tampered ones.
 */
export type FakeWechatPayOptions = {
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  merchantPublicKey: KeyObject;
  apiV3Key: string;
  platformPrivateKey: KeyObject;
  /** The Wechatpay-Serial of the platform key: a certificate serial, or a PUB_KEY_ID_… */
  platformSerial: string;
  /** PEM of the platform certificate served by /v3/certificates (certificate mode). */
  platformCertificatePem?: string;
};

export type FakeTransaction = {
  method: string;
  request: Record<string, unknown> & { out_trade_no: string; notify_url: string; amount: { total: number; currency: string } };
  trade_state: "NOTPAY" | "SUCCESS" | "CLOSED" | "REFUND";
  transaction_id?: string;
  success_time?: string;
};

export type FakeRefund = { out_refund_no: string; out_trade_no: string; transaction_id: string; refund_id: string; status: "PROCESSING" | "SUCCESS"; amount: { refund: number; total: number }; notify_url?: string };

type Answer = { status: number; body?: unknown };

export class FakeWechatPay {
  readonly transactions = new Map<string, FakeTransaction>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly requests: { method: string; path: string; body: string; authorized: boolean }[] = [];
  /** The next answer goes out with a corrupted signature (a man in the middle). */
  tamperNextResponse = false;
  private counter = 0;
  private server: Server | undefined;

  constructor(readonly options: FakeWechatPayOptions) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(({ status, body }) => {
        const text = body === undefined ? "" : JSON.stringify(body);
        const signed = this.sign(text);
        if (this.tamperNextResponse) {
          this.tamperNextResponse = false;
          signed["Wechatpay-Signature"] = rsaSign("something else", this.options.platformPrivateKey);
        }
        response.writeHead(status, { ...(text ? { "Content-Type": "application/json" } : {}), "Request-ID": `req_${++this.counter}`, ...signed });
        response.end(text);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Headers WeChat Pay signs a body with (its responses and notifications). */
  sign(body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
    const nonceStr = nonce();
    return {
      "Wechatpay-Timestamp": String(timestamp),
      "Wechatpay-Nonce": nonceStr,
      "Wechatpay-Signature": rsaSign(signingMessage(String(timestamp), nonceStr, body), this.options.platformPrivateKey),
      "Wechatpay-Serial": this.options.platformSerial,
    };
  }

  /** The payer pays: the transaction becomes SUCCESS (WeChat's side only; nothing is sent yet). */
  pay(outTradeNo: string): FakeTransaction {
    const transaction = this.transactions.get(outTradeNo);
    if (!transaction || transaction.trade_state !== "NOTPAY") throw new Error(`no payable transaction ${outTradeNo}`);
    transaction.trade_state = "SUCCESS";
    transaction.transaction_id = `4200${String(++this.counter).padStart(24, "0")}`;
    transaction.success_time = new Date().toISOString().replace(/\.\d+Z$/, "+00:00");
    return transaction;
  }

  /** The transaction as the query API and TRANSACTION.SUCCESS resource show it. */
  transactionView(outTradeNo: string): Record<string, unknown> {
    const t = this.transactions.get(outTradeNo)!;
    return {
      appid: t.request.appid,
      mchid: t.request.mchid,
      out_trade_no: outTradeNo,
      trade_type: t.method.toUpperCase() === "H5" ? "MWEB" : t.method.toUpperCase(),
      trade_state: t.trade_state,
      trade_state_desc: t.trade_state === "SUCCESS" ? "支付成功" : "未支付",
      ...(t.transaction_id ? { transaction_id: t.transaction_id, bank_type: "OTHERS", success_time: t.success_time, payer: { openid: "o_fake_payer" } } : {}),
      amount: { total: t.request.amount.total, currency: "CNY", ...(t.transaction_id ? { payer_total: t.request.amount.total, payer_currency: "CNY" } : {}) },
    };
  }

  /** A notification as WeChat Pay sends it: resource encrypted with the API v3 key, body signed. */
  notification(eventType: string, resource: unknown, options: { originalType?: string; timestamp?: number; apiV3Key?: string } = {}): { headers: Record<string, string>; body: string } {
    const originalType = options.originalType ?? (eventType.startsWith("REFUND.") ? "refund" : "transaction");
    const encrypted = encryptResource(JSON.stringify(resource), options.apiV3Key ?? this.options.apiV3Key, originalType);
    const body = JSON.stringify({
      id: `EV-${++this.counter}`,
      create_time: new Date().toISOString(),
      resource_type: "encrypt-resource",
      event_type: eventType,
      summary: eventType.startsWith("REFUND.") ? "退款成功" : "支付成功",
      resource: { ...encrypted, original_type: originalType },
    });
    return { headers: { "Content-Type": "application/json", ...this.sign(body, options.timestamp) }, body };
  }

  /** POSTs a notification to a URL the way WeChat Pay does; answers the status and body text. */
  async deliver(url: string, notification: { headers: Record<string, string>; body: string }): Promise<{ status: number; body: string }> {
    const response = await fetch(url, { method: "POST", headers: notification.headers, body: notification.body });
    return { status: response.status, body: await response.text() };
  }

  /** The payer pays and the TRANSACTION.SUCCESS notification goes to the order's notify_url. */
  async payAndNotify(outTradeNo: string) {
    const transaction = this.pay(outTradeNo);
    return this.deliver(transaction.request.notify_url, this.notification("TRANSACTION.SUCCESS", this.transactionView(outTradeNo)));
  }

  /** The bank confirms a refund: SUCCESS, and the REFUND.SUCCESS notification goes to its notify_url. */
  async completeRefund(outRefundNo: string) {
    const refund = this.refunds.get(outRefundNo)!;
    refund.status = "SUCCESS";
    const resource = { mchid: this.options.mchId, out_trade_no: refund.out_trade_no, transaction_id: refund.transaction_id, out_refund_no: outRefundNo, refund_id: refund.refund_id, refund_status: "SUCCESS", success_time: new Date().toISOString(), user_received_account: "支付用户零钱", amount: { total: refund.amount.total, refund: refund.amount.refund, payer_total: refund.amount.total, payer_refund: refund.amount.refund } };
    return this.deliver(refund.notify_url!, this.notification("REFUND.SUCCESS", resource));
  }

  private authorized(request: IncomingMessage, path: string, body: string): string | null {
    const auth = parseAuthorization(request.headers.authorization);
    if (!auth) return "Authorization 缺失或格式错误";
    if (auth.mchid !== this.options.mchId) return "商户号不匹配";
    if (auth.serial_no.toUpperCase() !== this.options.merchantSerialNo.toUpperCase()) return "商户证书序列号不匹配";
    if (Math.abs(Date.now() / 1000 - Number(auth.timestamp)) > 300) return "时间戳过期";
    const message = signingMessage(request.method ?? "", path, auth.timestamp, auth.nonce_str, body);
    return rsaVerify(message, auth.signature, this.options.merchantPublicKey) ? null : "签名错误";
  }

  private async handle(request: IncomingMessage): Promise<Answer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = request.url ?? "/";
    const problem = this.authorized(request, path, body);
    this.requests.push({ method: request.method ?? "", path, body, authorized: !problem });
    if (problem) return { status: 401, body: { code: "SIGN_ERROR", message: problem } };
    const url = new URL(path, "http://fake");
    const json = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    return this.route(request.method ?? "", url, json);
  }

  private route(method: string, url: URL, json: Record<string, unknown>): Answer {
    const invalid = (message: string): Answer => ({ status: 400, body: { code: "PARAM_ERROR", message } });
    if (method === "GET" && url.pathname === "/v3/certificates") {
      if (!this.options.platformCertificatePem) return { status: 404, body: { code: "RESOURCE_NOT_EXISTS", message: "请使用微信支付公钥" } };
      const encrypted = encryptResource(this.options.platformCertificatePem, this.options.apiV3Key, "certificate");
      return { status: 200, body: { data: [{ serial_no: this.options.platformSerial, effective_time: "2026-01-01T00:00:00+08:00", expire_time: "2031-01-01T00:00:00+08:00", encrypt_certificate: encrypted }] } };
    }
    const create = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(url.pathname);
    if (method === "POST" && create) {
      const kind = create[1]!;
      const order = json as FakeTransaction["request"];
      if (order.appid !== this.options.appId || order.mchid !== this.options.mchId) return invalid("appid 或 mchid 不匹配");
      if (typeof order.out_trade_no !== "string" || !/^[A-Za-z0-9_\-|*]{6,32}$/.test(order.out_trade_no)) return invalid("out_trade_no 格式错误");
      if (!Number.isInteger(order.amount?.total) || order.amount.total <= 0 || typeof order.notify_url !== "string" || typeof order.description !== "string") return invalid("缺少必填参数");
      if (kind === "jsapi" && !(order.payer as { openid?: string } | undefined)?.openid) return invalid("缺少 payer.openid");
      if (kind === "h5" && !(order.scene_info as { payer_client_ip?: string; h5_info?: { type?: string } } | undefined)?.h5_info?.type) return invalid("缺少 scene_info.h5_info");
      if (this.transactions.has(order.out_trade_no)) return { status: 400, body: { code: "OUT_TRADE_NO_USED", message: "商户订单号重复" } };
      this.transactions.set(order.out_trade_no, { method: kind, request: order, trade_state: "NOTPAY" });
      if (kind === "native") return { status: 200, body: { code_url: `weixin://wxpay/bizpayurl?pr=${order.out_trade_no.slice(0, 8)}` } };
      if (kind === "h5") return { status: 200, body: { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${order.out_trade_no}` } };
      return { status: 200, body: { prepay_id: `wx${order.out_trade_no}` } };
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (query) {
      const transaction = this.transactions.get(decodeURIComponent(query[1]!));
      if (!transaction) return { status: 404, body: { code: "ORDER_NOT_EXIST", message: "订单不存在" } };
      if (method === "GET" && !query[2]) {
        if (url.searchParams.get("mchid") !== this.options.mchId) return invalid("mchid 不匹配");
        return { status: 200, body: this.transactionView(transaction.request.out_trade_no) };
      }
      if (method === "POST" && query[2]) {
        if (json.mchid !== this.options.mchId) return invalid("mchid 不匹配");
        if (transaction.trade_state === "SUCCESS") return { status: 400, body: { code: "ORDERPAID", message: "订单已支付" } };
        transaction.trade_state = "CLOSED";
        return { status: 204 };
      }
    }
    if (method === "POST" && url.pathname === "/v3/refund/domestic/refunds") {
      const request = json as { out_trade_no?: string; out_refund_no?: string; notify_url?: string; amount?: { refund?: number; total?: number; currency?: string } };
      const transaction = request.out_trade_no ? this.transactions.get(request.out_trade_no) : undefined;
      if (!transaction?.transaction_id) return { status: 404, body: { code: "RESOURCE_NOT_EXISTS", message: "订单不存在或未支付" } };
      const refunded = [...this.refunds.values()].filter((r) => r.out_trade_no === request.out_trade_no).reduce((sum, r) => sum + r.amount.refund, 0);
      const amount = request.amount;
      if (!amount || amount.total !== transaction.request.amount.total || !Number.isInteger(amount.refund) || amount.refund! <= 0 || amount.refund! + refunded > amount.total!) return invalid("退款金额错误");
      if (!request.out_refund_no) return invalid("缺少 out_refund_no");
      const refund: FakeRefund = { out_refund_no: request.out_refund_no, out_trade_no: request.out_trade_no!, transaction_id: transaction.transaction_id, refund_id: `5030${++this.counter}`, status: "PROCESSING", amount: { refund: amount.refund!, total: amount.total! }, notify_url: request.notify_url };
      this.refunds.set(refund.out_refund_no, refund);
      return { status: 200, body: { refund_id: refund.refund_id, out_refund_no: refund.out_refund_no, transaction_id: refund.transaction_id, out_trade_no: refund.out_trade_no, channel: "ORIGINAL", status: "PROCESSING", amount: { ...refund.amount, payer_total: refund.amount.total, payer_refund: refund.amount.refund, currency: "CNY" } } };
    }
    return { status: 404, body: { code: "NOT_FOUND", message: "接口不存在" } };
  }
}
