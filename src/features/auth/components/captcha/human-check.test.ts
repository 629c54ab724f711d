import { describe, expect, it } from "vitest";
import { HOSTED_CAPTCHA_SOURCES } from "@/features/security";
import { ApiError } from "@/lib/fetch";
import { CAPTCHA_NOT_CONFIGURED, captchaToken, withHumanCheck, type CaptchaChallenge } from "./human-check";
import { CAPTCHA_CANCELLED, CAPTCHA_UNAVAILABLE, type CaptchaPage } from "./hosted-captcha";

/** A page without a DOM: records scripts loaded and boxes opened; `install` plays the provider's script. */
function fakePage(install: (globals: Record<string, unknown>, page: ReturnType<typeof fakePage>) => void, options: { scriptFails?: boolean } = {}) {
  const globals: Record<string, unknown> = {};
  const state = {
    scripts: [] as string[],
    boxes: [] as { element: { children: unknown[] }; closed: boolean; cancel: () => void }[],
  };
  const page: CaptchaPage & { state: typeof state } = {
    state,
    async loadScript(url) {
      state.scripts.push(url);
      if (options.scriptFails) throw new Error("offline");
      install(globals, page);
    },
    openBox(onCancel) {
      const element = {
        children: [] as unknown[],
        append(...nodes: unknown[]) {
          element.children.push(...nodes);
        },
        ownerDocument: { createElement: () => ({ click() {} }) },
      };
      const box = { element, closed: false, cancel: onCancel };
      state.boxes.push(box);
      return { element: element as unknown as HTMLElement, close: () => void (box.closed = true) };
    },
    globals: () => globals,
  };
  return page;
}

const challenge = (value: CaptchaChallenge) => async () => value;

describe("the phone form's human check", () => {
  it("solves the embedded proof of work in the page, with no script loaded", async () => {
    const page = fakePage(() => undefined);
    const token = await captchaToken(challenge({ provider: "pow", challenge: "c1", difficulty: 4, expiresAt: 0 }), page);
    expect(token.startsWith("c1.")).toBe(true);
    expect(page.state.scripts).toEqual([]);
  });

  it("says so in Chinese when no check is configured", async () => {
    await expect(captchaToken(challenge({ provider: "none" }), fakePage(() => undefined))).rejects.toThrow(CAPTCHA_NOT_CONFIGURED);
  });

  it.each(["hcaptcha", "turnstile"] as const)("shows %s's widget from its official script with the site key and returns its token", async (provider) => {
    const rendered: { element: unknown; options: Record<string, unknown> }[] = [];
    const page = fakePage((globals) => {
      globals[provider] = {
        render(element: unknown, options: Record<string, unknown>) {
          rendered.push({ element, options });
          queueMicrotask(() => (options.callback as (token: string) => void)(`${provider}-token`));
        },
      };
    });
    expect(await captchaToken(challenge({ provider, siteKey: "site-123" }), page)).toBe(`${provider}-token`);
    expect(page.state.scripts).toEqual([HOSTED_CAPTCHA_SOURCES[provider].script]);
    expect(rendered).toHaveLength(1);
    expect(rendered[0]!.options.sitekey).toBe("site-123");
    expect(rendered[0]!.element).toBe(page.state.boxes[0]!.element);
    expect(page.state.boxes[0]!.closed).toBe(true);
  });

  it("passes 天御's ticket and randstr together, and a closed popup as a cancel", async () => {
    let answer: { ret: number; ticket?: string; randstr?: string } = { ret: 0, ticket: "t-1", randstr: "r-1" };
    const apps: string[] = [];
    const page = fakePage((globals) => {
      globals.TencentCaptcha = class {
        constructor(
          appId: string,
          private readonly callback: (result: typeof answer) => void,
        ) {
          apps.push(appId);
        }
        show() {
          queueMicrotask(() => this.callback(answer));
        }
      };
    });
    const token = await captchaToken(challenge({ provider: "tencent", siteKey: "190000000" }), page);
    expect(JSON.parse(token)).toEqual({ ticket: "t-1", randstr: "r-1" });
    expect(apps).toEqual(["190000000"]);
    expect(page.state.scripts).toEqual([HOSTED_CAPTCHA_SOURCES.tencent.script]);
    answer = { ret: 2 };
    await expect(captchaToken(challenge({ provider: "tencent", siteKey: "190000000" }), page)).rejects.toThrow(CAPTCHA_CANCELLED);
  });

  it("returns 阿里云's captchaVerifyParam for its scene", async () => {
    const inits: Record<string, unknown>[] = [];
    const page = fakePage((globals) => {
      globals.initAliyunCaptcha = (options: Record<string, unknown>) => {
        inits.push(options);
        queueMicrotask(() => void (options.captchaVerifyCallback as (param: string) => Promise<unknown>)("{\"sceneId\":\"s\"}"));
      };
    });
    expect(await captchaToken(challenge({ provider: "aliyun", siteKey: "scene-1", prefix: "p1" }), page)).toBe("{\"sceneId\":\"s\"}");
    expect(inits[0]).toMatchObject({ SceneId: "scene-1", prefix: "p1" });
    expect(page.state.scripts).toEqual([HOSTED_CAPTCHA_SOURCES.aliyun.script]);
  });

  it("refuses in Chinese when the visitor closes the box or the script cannot load", async () => {
    const page = fakePage((globals) => {
      globals.hcaptcha = { render: () => queueMicrotask(() => page.state.boxes[0]!.cancel()) };
    });
    await expect(captchaToken(challenge({ provider: "hcaptcha", siteKey: "k" }), page)).rejects.toThrow(CAPTCHA_CANCELLED);
    const offline = fakePage(() => undefined, { scriptFails: true });
    await expect(captchaToken(challenge({ provider: "turnstile", siteKey: "k" }), offline)).rejects.toThrow(CAPTCHA_UNAVAILABLE);
    const noGlobal = fakePage(() => undefined);
    await expect(captchaToken(challenge({ provider: "turnstile", siteKey: "k" }), noGlobal)).rejects.toThrow(CAPTCHA_UNAVAILABLE);
  });

  it("sends again with the widget's token once the server asks for a human check (428)", async () => {
    const sent: (string | undefined)[] = [];
    const states: boolean[] = [];
    const page = fakePage((globals) => {
      globals.turnstile = { render: (_element: unknown, options: Record<string, unknown>) => queueMicrotask(() => (options.callback as (token: string) => void)("ts-token")) };
    });
    const answer = await withHumanCheck(
      async (token) => {
        sent.push(token);
        if (!token) throw new ApiError(428, "需要安全验证");
        return "sent";
      },
      (checking) => states.push(checking),
      () => captchaToken(challenge({ provider: "turnstile", siteKey: "k" }), page),
    );
    expect(answer).toBe("sent");
    expect(sent).toEqual([undefined, "ts-token"]);
    expect(states).toEqual([true, false]);
  });
});
