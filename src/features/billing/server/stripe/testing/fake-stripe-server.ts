import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small fake of the Stripe HTTP API for contract tests: the real SDK talks to it through its
 * host / port / protocol options. It keeps prices, Checkout Sessions and subscriptions in memory;
 * tests drive "Stripe's side" (completing a checkout, renewing) through the helpers.
 */
type Params = { [key: string]: string | Params };

export type FakeSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  metadata: Record<string, string>;
  items: { object: "list"; data: FakeItem[] };
};

type FakeItem = { id: string; object: "subscription_item"; price: FakePrice; current_period_start: number; current_period_end: number; quantity: number };
type FakePrice = { id: string; object: "price"; lookup_key: string | null; currency: string; unit_amount: number; recurring: { interval: string }; metadata: Record<string, string>; active: boolean };

function parseForm(body: string): Params {
  const result: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, "").split("[");
    let node = result;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Params;
    });
  }
  return result;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const text = (params: Params | undefined, key: string): string | undefined => {
  const value = params?.[key];
  return typeof value === "string" ? value : undefined;
};
const record = (params: Params | undefined, key: string): Record<string, string> => {
  const value = params?.[key];
  return typeof value === "object" ? (Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === "string")) as Record<string, string>) : {};
};

export class FakeStripe {
  readonly prices = new Map<string, FakePrice>();
  readonly sessions = new Map<string, Params & { id: string }>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly requests: { method: string; path: string; params: Params }[] = [];
  /** Refunds by id; a PaymentIntent per invoice a completed session paid (amount in 分). */
  readonly refunds = new Map<string, { id: string; object: "refund"; payment_intent: string; amount: number; status: string; metadata: Record<string, string> }>();
  readonly paymentIntents = new Map<string, { id: string; invoice: string; amount: number }>();
  private readonly idempotent = new Map<string, unknown>();
  private failures: { status: number; error: Record<string, string>; route?: string }[] = [];
  private counter = 0;
  private server: Server | undefined;

  nextId(prefix: string): string {
    return `${prefix}_${++this.counter}`;
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(
        ({ status, body }) => {
          response.writeHead(status, { "Content-Type": "application/json", "Request-Id": this.nextId("req") });
          response.end(JSON.stringify(body));
        },
        (error: unknown) => {
          response.writeHead(500, { "Content-Type": "application/json" });
          response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The next request (to `route`, e.g. "POST /v1/refunds", when given) is answered with this Stripe error. */
  failNext(status: number, error: Record<string, string>, route?: string): void {
    this.failures.push({ status, error, route });
  }

  /** Stripe's side of a paid Checkout Session: the subscription it creates. */
  completeSession(sessionId: string, period: { start: number; end: number }): FakeSubscription {
    const session = this.sessions.get(sessionId)!;
    const lineItems = session.line_items as Params;
    const price = this.prices.get(text(lineItems["0"] as Params, "price")!)!;
    const subscription: FakeSubscription = {
      id: this.nextId("sub"),
      object: "subscription",
      customer: this.nextId("cus"),
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: record(session.subscription_data as Params, "metadata"),
      items: { object: "list", data: [{ id: this.nextId("si"), object: "subscription_item", price, current_period_start: period.start, current_period_end: period.end, quantity: 1 }] },
    };
    this.subscriptions.set(subscription.id, subscription);
    session.subscription = subscription.id;
    session.customer = subscription.customer;
    // The first invoice, paid by a PaymentIntent of the price's amount.
    const invoice = this.nextId("in");
    const intent = this.nextId("pi");
    this.paymentIntents.set(intent, { id: intent, invoice, amount: price.unit_amount });
    session.invoice = invoice;
    return subscription;
  }

  /** Stripe's side of a renewal: the subscription's period moves on. */
  renew(subscriptionId: string, period: { start: number; end: number }): FakeSubscription {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const item = subscription.items.data[0]!;
    item.current_period_start = period.start;
    item.current_period_end = period.end;
    return subscription;
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(request.url ?? "/", "http://fake");
    const body = await readBody(request);
    const params = parseForm(request.method === "GET" ? url.search.slice(1) : body);
    this.requests.push({ method: request.method ?? "GET", path: url.pathname, params });
    const route = `${request.method} ${url.pathname}`;
    const failing = this.failures.findIndex((failure) => !failure.route || failure.route === route);
    if (failing >= 0) {
      const [failure] = this.failures.splice(failing, 1);
      return { status: failure!.status, body: { error: failure!.error } };
    }
    const key = request.headers["idempotency-key"];
    if (typeof key === "string" && this.idempotent.has(key)) return { status: 200, body: this.idempotent.get(key) };

    if (route === "GET /v1/prices") {
      const keys = Object.values((params.lookup_keys as Params | undefined) ?? {});
      const data = [...this.prices.values()].filter((price) => price.lookup_key && keys.includes(price.lookup_key));
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/prices" } };
    }
    if (route === "POST /v1/prices") {
      const price: FakePrice = {
        id: this.nextId("price"),
        object: "price",
        lookup_key: text(params, "lookup_key") ?? null,
        currency: text(params, "currency") ?? "cny",
        unit_amount: Number(text(params, "unit_amount")),
        recurring: { interval: text(params.recurring as Params, "interval") ?? "month" },
        metadata: record(params, "metadata"),
        active: true,
      };
      this.prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (route === "POST /v1/checkout/sessions") {
      const id = this.nextId("cs_test");
      const session = { ...params, id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}` };
      this.sessions.set(id, session);
      return { status: 200, body: session };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && sessionMatch) {
      const session = this.sessions.get(sessionMatch[1]!);
      return session ? { status: 200, body: { invoice: null, ...session } } : { status: 404, body: { error: { type: "invalid_request_error", message: "No such checkout session" } } };
    }
    if (route === "GET /v1/invoice_payments") {
      const invoice = text(params, "invoice");
      const data = [...this.paymentIntents.values()]
        .filter((intent) => intent.invoice === invoice)
        .map((intent) => ({ id: `inpay_${intent.id}`, object: "invoice_payment", invoice, status: "paid", amount_paid: intent.amount, payment: { type: "payment_intent", payment_intent: intent.id } }));
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/invoice_payments" } };
    }
    if (route === "POST /v1/refunds") {
      const intent = this.paymentIntents.get(text(params, "payment_intent") ?? "");
      if (!intent) return { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } } };
      const refunded = [...this.refunds.values()].filter((refund) => refund.payment_intent === intent.id).reduce((sum, refund) => sum + refund.amount, 0);
      const amount = Number(text(params, "amount") ?? intent.amount - refunded);
      if (refunded >= intent.amount) return { status: 400, body: { error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge has already been refunded." } } };
      if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount - refunded) return { status: 400, body: { error: { type: "invalid_request_error", code: "amount_too_large", message: "Refund amount is greater than unrefunded amount on charge" } } };
      const refund = { id: this.nextId("re"), object: "refund" as const, payment_intent: intent.id, amount, status: "succeeded", metadata: record(params, "metadata") };
      this.refunds.set(refund.id, refund);
      if (typeof key === "string") this.idempotent.set(key, refund);
      return { status: 200, body: refund };
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (subscriptionMatch) {
      const subscription = this.subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return { status: 404, body: { error: { type: "invalid_request_error", message: "No such subscription" } } };
      if (request.method === "DELETE") subscription.status = "canceled";
      if (request.method === "POST") {
        if (text(params, "cancel_at")) subscription.cancel_at = Number(text(params, "cancel_at"));
        if (text(params, "cancel_at_period_end")) subscription.cancel_at_period_end = text(params, "cancel_at_period_end") === "true";
        const newPrice = text((params.items as Params | undefined)?.["0"] as Params | undefined, "price");
        if (newPrice) subscription.items.data[0]!.price = this.prices.get(newPrice)!;
        if (params.metadata) subscription.metadata = { ...subscription.metadata, ...record(params, "metadata") };
      }
      return { status: 200, body: subscription };
    }
    if (route === "POST /v1/billing_portal/sessions") {
      return { status: 200, body: { id: this.nextId("bps"), object: "billing_portal.session", customer: text(params, "customer"), return_url: text(params, "return_url"), url: `https://billing.stripe.test/p/session/${this.counter}` } };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${route})` } } };
  }
}
