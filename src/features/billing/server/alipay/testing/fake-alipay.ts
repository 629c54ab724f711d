import { createSign, createVerify, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local fake of Alipay's OpenAPI gateway (gateway.do) for tests. Like Alipay it verifies each
 * request's RSA2 signature (all parameters but `sign`, sorted, `k=v&…`, SHA256withRSA) with the
 * app's public key, answers in Alipay's JSON shape (`<method>_response` + `sign`, signed with the
 * fake's "Alipay private key" so the SDK's response verification passes), keeps trades in memory,
 * and can "pay" a trade and post a signed (or tampered) 异步通知 to the trade's notify_url.
 */
export type FakeTrade = {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: "WAIT_BUYER_PAY" | "TRADE_SUCCESS" | "TRADE_CLOSED" | "TRADE_FINISHED";
  method: string;
  notifyUrl: string | undefined;
  refunds: Map<string, string>;
};

type Params = Record<string, string>;
type Answer = Record<string, unknown>;

export type FakeAlipayOptions = { appId: string; appPublicKey: string; alipayPrivateKey: string };

/** Alipay's content to sign: sorted `k=v` pairs of non-empty values, without the excluded keys. */
export function alipaySignContent(params: Params, exclude: string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== "")
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");
}

export function rsa2Sign(content: string, privateKey: string): string {
  return createSign("RSA-SHA256").update(content, "utf8").sign(privateKey, "base64");
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function subtractYuan(a: string, b: string): number {
  return Math.round(Number(a) * 100) - Math.round(Number(b) * 100);
}

const failure = (code: string, msg: string, subCode: string, subMsg: string): Answer => ({ code, msg, sub_code: subCode, sub_msg: subMsg });
const notExist = () => failure("40004", "Business Failed", "ACQ.TRADE_NOT_EXIST", "交易不存在");

export class FakeAlipay {
  readonly trades = new Map<string, FakeTrade>();
  readonly requests: { method: string; params: Params; bizContent: Record<string, string> }[] = [];
  private server: Server | undefined;
  private counter = 0;

  constructor(private readonly options: FakeAlipayOptions) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const params: Params = Object.fromEntries(url.searchParams);
    if (request.method === "POST") for (const [key, value] of new URLSearchParams(await readBody(request))) params[key] = value;
    const method = params.method ?? "";
    const responseKey = `${method.replaceAll(".", "_")}_response`;

    const verified = params.sign_type === "RSA2" && !!params.sign &&
      createVerify("RSA-SHA256").update(alipaySignContent(params, ["sign"]), "utf8").verify(this.options.appPublicKey, params.sign, "base64");
    let bizContent: Record<string, string> = {};
    try {
      bizContent = JSON.parse(params.biz_content ?? "{}") as Record<string, string>;
    } catch {
      bizContent = {};
    }
    this.requests.push({ method, params, bizContent });

    let answer: Answer;
    if (params.app_id !== this.options.appId) answer = failure("40002", "Invalid Arguments", "isv.invalid-app-id", "无效的AppID参数");
    else if (!verified) answer = failure("40002", "Invalid Arguments", "isv.invalid-signature", "验签出错");
    else answer = this.answer(method, params, bizContent);

    // Page / wap pay are browser redirects: Alipay shows its cashier page.
    if ((method === "alipay.trade.page.pay" || method === "alipay.trade.wap.pay") && answer.code === "10000") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><title>支付宝收银台（测试）</title><p>订单 ${bizContent.out_trade_no} 应付 ¥${bizContent.total_amount}</p>`);
      return;
    }
    const json = JSON.stringify(answer);
    const body = `{"${responseKey}":${json},"sign":"${rsa2Sign(json, this.options.alipayPrivateKey)}"}`;
    response.writeHead(200, { "content-type": "application/json;charset=utf-8" });
    response.end(body);
  }

  private answer(method: string, params: Params, biz: Record<string, string>): Answer {
    const trade = this.trades.get(biz.out_trade_no ?? "");
    switch (method) {
      case "alipay.trade.precreate":
      case "alipay.trade.page.pay":
      case "alipay.trade.wap.pay": {
        if (!/^\d+\.\d{2}$/.test(biz.total_amount ?? "")) return failure("40004", "Business Failed", "ACQ.INVALID_PARAMETER", "参数无效");
        if (trade && trade.status !== "WAIT_BUYER_PAY") return failure("40004", "Business Failed", "ACQ.TRADE_HAS_CLOSE", "交易已经关闭");
        const created: FakeTrade = trade ?? {
          outTradeNo: biz.out_trade_no!,
          tradeNo: `2026${String(++this.counter).padStart(24, "0")}`,
          totalAmount: biz.total_amount!,
          subject: biz.subject ?? "",
          status: "WAIT_BUYER_PAY",
          method,
          notifyUrl: params.notify_url,
          refunds: new Map(),
        };
        this.trades.set(created.outTradeNo, created);
        return { code: "10000", msg: "Success", out_trade_no: created.outTradeNo, qr_code: `https://qr.alipay.test/${created.tradeNo}` };
      }
      case "alipay.trade.query":
        if (!trade) return notExist();
        return { code: "10000", msg: "Success", trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, trade_status: trade.status, total_amount: trade.totalAmount };
      case "alipay.trade.close":
        if (!trade) return notExist();
        if (trade.status !== "WAIT_BUYER_PAY") return failure("40004", "Business Failed", "ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
        trade.status = "TRADE_CLOSED";
        return { code: "10000", msg: "Success", trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo };
      case "alipay.trade.refund": {
        if (!trade) return notExist();
        if (trade.status !== "TRADE_SUCCESS") return failure("40004", "Business Failed", "ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
        const requestNo = biz.out_request_no ?? trade.outTradeNo;
        const refunded = () => [...trade.refunds.values()].reduce((sum, value) => sum + Math.round(Number(value) * 100), 0);
        if (!trade.refunds.has(requestNo)) {
          if (!/^\d+\.\d{2}$/.test(biz.refund_amount ?? "") || subtractYuan(trade.totalAmount, biz.refund_amount!) - refunded() < 0) {
            return failure("40004", "Business Failed", "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "退款金额超限");
          }
          trade.refunds.set(requestNo, biz.refund_amount!);
        }
        const total = refunded();
        if (total === Math.round(Number(trade.totalAmount) * 100)) trade.status = "TRADE_CLOSED";
        return { code: "10000", msg: "Success", trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, fund_change: "Y", refund_fee: (total / 100).toFixed(2) };
      }
      default:
        return failure("40004", "Business Failed", "isv.invalid-method", "不存在的方法名");
    }
  }

  /** The buyer pays (scans the QR / confirms on the cashier page). */
  pay(outTradeNo: string): FakeTrade {
    const trade = this.trades.get(outTradeNo);
    if (!trade || trade.status !== "WAIT_BUYER_PAY") throw new Error(`fake Alipay: trade ${outTradeNo} cannot be paid`);
    trade.status = "TRADE_SUCCESS";
    return trade;
  }

  /**
   * The 异步通知 for a trade as Alipay sends it: form fields signed with the Alipay private key
   * (sign and sign_type excluded). `overrides` change fields after signing unless `signOverrides`.
   */
  notification(outTradeNo: string, options: { overrides?: Params; signOverrides?: boolean; signWith?: string } = {}): string {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`fake Alipay: no trade ${outTradeNo}`);
    const fields: Params = {
      notify_time: "2026-05-01 08:00:05",
      notify_type: "trade_status_sync",
      notify_id: randomBytes(16).toString("hex"),
      app_id: this.options.appId,
      charset: "utf-8",
      version: "1.0",
      sign_type: "RSA2",
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      subject: trade.subject,
      gmt_payment: "2026-05-01 08:00:04",
    };
    if (options.signOverrides) Object.assign(fields, options.overrides);
    const sign = rsa2Sign(alipaySignContent(fields, ["sign", "sign_type"]), options.signWith ?? this.options.alipayPrivateKey);
    if (!options.signOverrides) Object.assign(fields, options.overrides);
    return new URLSearchParams({ ...fields, sign }).toString();
  }

  /** POSTs a notification to the trade's notify_url, as Alipay does; answers the merchant's reply text. */
  async notify(outTradeNo: string, body = this.notification(outTradeNo)): Promise<string> {
    const url = this.trades.get(outTradeNo)?.notifyUrl;
    if (!url) throw new Error(`fake Alipay: trade ${outTradeNo} has no notify_url`);
    const response = await fetch(url, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" } });
    return response.text();
  }
}
