/** Client-safe types of the AI app registry (no secrets here). */
export type AiAppKind = "chat" | "workflow" | "completion";

export const AI_APP_KINDS: readonly AiAppKind[] = ["chat", "workflow", "completion"];

/** Our own app id, used in URLs and in `?appid=` on every proxy call. */
export const APPID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** What the browser may know about an app. */
export interface PublicAiApp {
  appid: string;
  kind: AiAppKind;
  name: string;
  description: string;
  /** An icon name from APP_ICON_NAMES, an image (same-site path or https URL), or an emoji as a fallback. */
  icon: string;
  /** The app's 生成式人工智能服务 备案 / 登记 information, shown on its page (absent when none is given). */
  genaiFiling?: string;
}
