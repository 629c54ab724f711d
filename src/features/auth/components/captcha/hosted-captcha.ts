import { HOSTED_CAPTCHA_SOURCES, type HostedCaptchaProvider } from "@/features/security";

/** GET /api/auth/captcha's answer for a hosted captcha (AUTH_CAPTCHA_PROVIDER / AUTH_CAPTCHA_SITE_KEY). */
export type HostedCaptchaChallenge = { provider: HostedCaptchaProvider; siteKey: string; prefix?: string };

export const CAPTCHA_CANCELLED = "已取消安全验证，验证码未发送";
export const CAPTCHA_UNAVAILABLE = "安全验证加载失败，请检查网络后重试";

/** A shown widget's box: where the widget renders, and how it goes away. */
export interface CaptchaBox {
  element: HTMLElement;
  close(): void;
}

/** What the widgets need of the page; the browser's is `browserCaptchaPage`, tests pass a fake. */
export interface CaptchaPage {
  /** Loads a script once (later calls share the first load). */
  loadScript(url: string): Promise<void>;
  /** A visible box for the widget; `onCancel` runs when the visitor closes it. */
  openBox(onCancel: () => void): CaptchaBox;
  /** Where the providers' scripts put their globals (window). */
  globals(): Record<string, unknown>;
}

type Settle = { resolve: (token: string) => void; reject: (error: Error) => void };
type WidgetApi = { render(element: HTMLElement, options: Record<string, unknown>): unknown };
type TencentCaptchaClass = new (appId: string, callback: (answer: { ret: number; ticket?: string; randstr?: string }) => void, options: Record<string, unknown>) => { show(): void };
type InitAliyunCaptcha = (options: Record<string, unknown>) => void;

function global<T>(page: CaptchaPage, name: string): T {
  const value = page.globals()[name];
  if (!value) throw new Error(CAPTCHA_UNAVAILABLE);
  return value as T;
}

/** hCaptcha and Turnstile share one explicit-render API: a widget in our box calls back with the token. */
function renderInBox(page: CaptchaPage, name: "hcaptcha" | "turnstile", siteKey: string, settle: Settle, extra: Record<string, unknown>) {
  const api = global<WidgetApi>(page, name);
  const box = page.openBox(() => settle.reject(new Error(CAPTCHA_CANCELLED)));
  const done = (outcome: () => void) => {
    box.close();
    outcome();
  };
  api.render(box.element, {
    sitekey: siteKey,
    callback: (token: string) => done(() => settle.resolve(token)),
    "error-callback": () => done(() => settle.reject(new Error(CAPTCHA_UNAVAILABLE))),
    ...extra,
  });
}

const widgets: Record<HostedCaptchaProvider, (page: CaptchaPage, challenge: HostedCaptchaChallenge, settle: Settle) => void> = {
  hcaptcha: (page, { siteKey }, settle) => renderInBox(page, "hcaptcha", siteKey, settle, { hl: "zh-CN" }),
  turnstile: (page, { siteKey }, settle) => renderInBox(page, "turnstile", siteKey, settle, { language: "zh-cn" }),
  // 天御 shows its own popup; the server verifies ticket and randstr together (embedded/auth/captcha/tencent.ts).
  tencent: (page, { siteKey }, settle) => {
    const TencentCaptcha = global<TencentCaptchaClass>(page, "TencentCaptcha");
    const captcha = new TencentCaptcha(
      siteKey,
      (answer) => {
        if (answer.ret === 0 && answer.ticket) settle.resolve(JSON.stringify({ ticket: answer.ticket, randstr: answer.randstr ?? "" }));
        else settle.reject(new Error(answer.ret === 2 ? CAPTCHA_CANCELLED : CAPTCHA_UNAVAILABLE));
      },
      { userLanguage: "zh-cn" },
    );
    captcha.show();
  },
  // 阿里云验证码 2.0: its popup opens on its (hidden) button; its captchaVerifyParam is the token.
  aliyun: (page, { siteKey, prefix }, settle) => {
    const init = global<InitAliyunCaptcha>(page, "initAliyunCaptcha");
    const box = page.openBox(() => settle.reject(new Error(CAPTCHA_CANCELLED)));
    const id = `aliyun-captcha-${Date.now().toString(36)}`;
    const element = box.element.ownerDocument.createElement("div");
    element.id = id;
    const button = box.element.ownerDocument.createElement("button");
    button.id = `${id}-button`;
    button.type = "button";
    button.hidden = true;
    box.element.append(element, button);
    init({
      SceneId: siteKey,
      ...(prefix ? { prefix } : {}),
      mode: "popup",
      element: `#${id}`,
      button: `#${button.id}`,
      language: "cn",
      captchaVerifyCallback: async (captchaVerifyParam: string) => {
        box.close();
        settle.resolve(captchaVerifyParam);
        // Our own send verifies the param server-side; the widget only needs to finish.
        return { captchaResult: true, bizResult: true };
      },
      onBizResultCallback: () => undefined,
      getInstance: () => button.click(),
    });
  },
};

/** Loads the configured provider's official script, shows its widget and resolves with its token. */
export async function hostedCaptchaToken(challenge: HostedCaptchaChallenge, page: CaptchaPage): Promise<string> {
  try {
    await page.loadScript(HOSTED_CAPTCHA_SOURCES[challenge.provider].script);
  } catch {
    throw new Error(CAPTCHA_UNAVAILABLE);
  }
  return new Promise<string>((resolve, reject) => {
    try {
      widgets[challenge.provider](page, challenge, { resolve, reject });
    } catch (error) {
      reject(error instanceof Error && error.message === CAPTCHA_UNAVAILABLE ? error : new Error(CAPTCHA_UNAVAILABLE));
    }
  });
}
