// Test support (not a test file): WeChat's OAuth HTTP API on 127.0.0.1, as open.weixin.qq.com and
// api.weixin.qq.com answer it. Each application (网站应用 "open", 公众号 "mp") has its own openid for
// a person; one unionid names the person across the operator's open platform account.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeWechatAppKind = "open" | "mp";

export interface FakeWechatPerson {
  /** Stable key of the person in the fake (their WeChat account). */
  key: string;
  nickname: string;
  headimgurl?: string;
  /** false: the application is not bound to an open platform account, so no unionid is given. */
  withUnionid?: boolean;
}

export interface FakeWechatOptions {
  apps: Partial<Record<FakeWechatAppKind, { appId: string; appSecret: string }>>;
  /** The clock, for code expiry (5 minutes). */
  now?: () => number;
  /** Default 0 (a free one). */
  port?: number;
  /**
   * E2E: `POST /__fake/act-as` with a person's JSON sets who scans next (the browser test cannot
   * call `actAs` in this process), and `GET /health` answers ok.
   */
  control?: boolean;
  /**
   * "redirect" (default): the authorize URL answers 302 at once. "page": an HTML page that moves on
   * by itself, as WeChat's QR page does after the scan — a browser then does not carry the
   * `#wechat_redirect` fragment into the callback, as it would through a 302.
   */
  consentPage?: "redirect" | "page";
}

const CODE_LIFETIME_MS = 5 * 60 * 1000;
const PAGES: Record<string, { kind: FakeWechatAppKind; scopes: string[] }> = {
  "/connect/qrconnect": { kind: "open", scopes: ["snsapi_login"] },
  "/connect/oauth2/authorize": { kind: "mp", scopes: ["snsapi_userinfo", "snsapi_base"] },
};

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

export function openidOf(kind: FakeWechatAppKind, person: FakeWechatPerson): string {
  return `o${kind}_${digest(`${kind}:${person.key}`).slice(0, 24)}`;
}

export function unionidOf(person: FakeWechatPerson): string | undefined {
  return person.withUnionid === false ? undefined : `u_${digest(`union:${person.key}`).slice(0, 26)}`;
}

export async function startFakeWechat(options: FakeWechatOptions) {
  const now = options.now ?? Date.now;
  const apps = structuredClone(options.apps);
  const codes = new Map<string, { kind: FakeWechatAppKind; person: FakeWechatPerson; issuedAt: number; used: boolean }>();
  const tokens = new Map<string, { kind: FakeWechatAppKind; person: FakeWechatPerson }>();
  let current: FakeWechatPerson | undefined;
  let consent: "approve" | "deny" = "approve";
  const errorJson = (errcode: number, errmsg: string) => ({ errcode, errmsg: `${errmsg}, rid: ${randomBytes(4).toString("hex")}` });

  function issueCode(kind: FakeWechatAppKind, person: FakeWechatPerson): string {
    const code = randomBytes(16).toString("hex");
    codes.set(code, { kind, person, issuedAt: now(), used: false });
    return code;
  }

  /** The consent page: at once back to redirect_uri, as if the current person had scanned and agreed. */
  function authorizePage(url: URL, response: ServerResponse) {
    const page = PAGES[url.pathname]!;
    const app = apps[page.kind];
    const params = url.searchParams;
    const state = params.get("state") ?? "";
    const redirectUri = params.get("redirect_uri");
    const problem =
      !app || params.get("appid") !== app.appId ? "appid 参数错误"
      : params.get("response_type") !== "code" ? "response_type 参数错误"
      : !page.scopes.includes(params.get("scope") ?? "") ? "scope 参数错误"
      : !/^[a-zA-Z0-9]{0,128}$/.test(state) ? "state 参数错误"
      : !redirectUri ? "redirect_uri 参数错误"
      : !current ? "没有扫码的用户"
      : undefined;
    if (problem) {
      response.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end(problem);
      return;
    }
    const back = new URL(redirectUri!);
    // A refusal: WeChat redirects with the state only.
    if (consent === "approve") back.searchParams.set("code", issueCode(page.kind, current!));
    back.searchParams.set("state", state);
    if (options.consentPage === "page") {
      const target = back.toString().replace(/&/g, "&amp;").replace(/"/g, "&quot;");
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(`<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}"><title>微信登录</title><p>已扫码，正在登录…</p>`);
      return;
    }
    response.writeHead(302, { location: back.toString() }).end();
  }

  function accessToken(params: URLSearchParams) {
    const kind = (Object.keys(apps) as FakeWechatAppKind[]).find((name) => apps[name]?.appId === params.get("appid"));
    if (!kind) return errorJson(40013, "invalid appid");
    if (params.get("secret") !== apps[kind]!.appSecret) return errorJson(40125, "invalid appsecret");
    if (params.get("grant_type") !== "authorization_code") return errorJson(40002, "invalid grant_type");
    const code = codes.get(params.get("code") ?? "");
    if (!code || code.kind !== kind || now() - code.issuedAt > CODE_LIFETIME_MS) return errorJson(40029, "invalid code");
    if (code.used) return errorJson(40163, "code been used");
    code.used = true;
    const token = randomBytes(24).toString("hex");
    tokens.set(token, { kind, person: code.person });
    const unionid = unionidOf(code.person);
    return {
      access_token: token,
      expires_in: 7200,
      refresh_token: randomBytes(24).toString("hex"),
      openid: openidOf(kind, code.person),
      scope: kind === "open" ? "snsapi_login" : "snsapi_userinfo",
      ...(unionid ? { unionid } : {}),
    };
  }

  function userInfo(params: URLSearchParams) {
    const token = tokens.get(params.get("access_token") ?? "");
    if (!token) return errorJson(40001, "invalid credential, access_token is invalid or not latest");
    if (params.get("openid") !== openidOf(token.kind, token.person)) return errorJson(40003, "invalid openid");
    const unionid = unionidOf(token.person);
    return {
      openid: openidOf(token.kind, token.person),
      nickname: token.person.nickname,
      sex: 0,
      province: "",
      city: "",
      country: "",
      headimgurl: token.person.headimgurl ?? "",
      privilege: [],
      ...(unionid ? { unionid } : {}),
    };
  }

  async function control(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const person = JSON.parse(Buffer.concat(chunks).toString("utf8")) as FakeWechatPerson;
    current = person;
    consent = "approve";
    response.writeHead(204).end();
  }

  function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake-wechat");
    if (options.control && request.method === "GET" && url.pathname === "/health") return response.writeHead(200).end("ok");
    if (options.control && request.method === "POST" && url.pathname === "/__fake/act-as") {
      return void control(request, response).catch(() => response.writeHead(400).end());
    }
    if (request.method === "GET" && url.pathname in PAGES) return authorizePage(url, response);
    const json = (body: unknown) => response.writeHead(200, { "content-type": "text/plain" }).end(JSON.stringify(body));
    if (request.method === "GET" && url.pathname === "/sns/oauth2/access_token") return json(accessToken(url.searchParams));
    if (request.method === "GET" && url.pathname === "/sns/userinfo") return json(userInfo(url.searchParams));
    response.writeHead(404).end();
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** Who scans / agrees next; `deny` sends the browser back without a code. */
    actAs(person: FakeWechatPerson, answer: "approve" | "deny" = "approve") {
      current = person;
      consent = answer;
    },
    /** The operator reset the AppSecret on the platform (the service's copy is now wrong). */
    resetSecret(kind: FakeWechatAppKind, appSecret: string) {
      apps[kind] = { ...apps[kind]!, appSecret };
    },
    issueCode,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeWechat = Awaited<ReturnType<typeof startFakeWechat>>;
