import type { CaptchaPage } from "./hosted-captcha";

const loaded = new Map<string, Promise<void>>();

/** A script element added by our own (nonce-trusted) code: the CSP's 'strict-dynamic' lets it run. */
function loadScript(url: string): Promise<void> {
  const known = loaded.get(url);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loaded.delete(url); // a later attempt may succeed (a flaky network)
      script.remove();
      reject(new Error(`failed to load ${url}`));
    };
    document.head.append(script);
  });
  loaded.set(url, loading);
  return loading;
}

/** A modal box over the form for the widget, with a cancel button. */
function openBox(onCancel: () => void) {
  const overlay = document.createElement("div");
  overlay.className = "fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4";
  overlay.setAttribute("role", "dialog");
  overlay.setAttribute("aria-modal", "true");
  overlay.setAttribute("aria-label", "安全验证");
  const panel = document.createElement("div");
  panel.className = "grid gap-3 rounded-lg border bg-background p-4 shadow-lg";
  const title = document.createElement("p");
  title.className = "text-sm font-medium";
  title.textContent = "请完成安全验证后发送验证码";
  const element = document.createElement("div");
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "justify-self-end text-sm text-muted-foreground hover:underline";
  cancel.textContent = "取消";
  const close = () => overlay.remove();
  cancel.onclick = () => {
    close();
    onCancel();
  };
  panel.append(title, element, cancel);
  overlay.append(panel);
  document.body.append(overlay);
  return { element, close };
}

export const browserCaptchaPage: CaptchaPage = {
  loadScript,
  openBox,
  globals: () => window as unknown as Record<string, unknown>,
};
