/** Lifetimes offered for a signed URL (seconds, as `createSignedUrl(path, expiresIn)` takes them). */
export const SIGNED_URL_LIFETIMES = [
  { label: "1 分钟", seconds: 60 },
  { label: "1 小时", seconds: 60 * 60 },
  { label: "1 天", seconds: 24 * 60 * 60 },
  { label: "7 天", seconds: 7 * 24 * 60 * 60 },
] as const;

export const DEFAULT_LIFETIME_SECONDS = 60 * 60;
