/**
 * The hosted human checks' browser side: the script the page loads (each provider's official URL) and
 * the origins its widget then reaches (frames, API calls, images, styles), from the providers' CSP
 * notes. The CSP allows them only when that provider is configured (AUTH_CAPTCHA_PROVIDER).
 */
export const HOSTED_CAPTCHA_PROVIDERS = ["hcaptcha", "turnstile", "tencent", "aliyun"] as const;
export type HostedCaptchaProvider = (typeof HOSTED_CAPTCHA_PROVIDERS)[number];

export const HOSTED_CAPTCHA_SOURCES: Record<HostedCaptchaProvider, { script: string; origins: readonly string[] }> = {
  hcaptcha: { script: "https://js.hcaptcha.com/1/api.js?render=explicit&hl=zh-CN", origins: ["https://hcaptcha.com", "https://*.hcaptcha.com"] },
  turnstile: { script: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit", origins: ["https://challenges.cloudflare.com"] },
  // 腾讯云天御验证码 (TJCaptcha.js); its frames and images come from the captcha's gtimg CDN.
  tencent: {
    script: "https://turing.captcha.qcloud.com/TJCaptcha.js",
    origins: ["https://turing.captcha.qcloud.com", "https://turing.captcha.gtimg.com", "https://captcha.gtimg.com"],
  },
  // 阿里云验证码 2.0: the script and its assets from alicdn, its verification calls to aliyuncs.
  aliyun: {
    script: "https://o.alicdn.com/captcha-frontend/aliyunCaptcha/AliyunCaptcha.js",
    origins: ["https://o.alicdn.com", "https://g.alicdn.com", "https://*.captcha-open.aliyuncs.com"],
  },
};

export function isHostedCaptchaProvider(provider: string | undefined): provider is HostedCaptchaProvider {
  return (HOSTED_CAPTCHA_PROVIDERS as readonly string[]).includes(provider ?? "");
}
