// Client-safe surface of the AI apps feature: public types and URL helpers only.
export { AppIcon, APP_ICON_NAMES } from "./components/app-icon";
export { AI_APP_KINDS, APPID_PATTERN, type AiAppKind, type PublicAiApp } from "./types";
import type { PublicAiApp } from "./types";

/** The page of an app: `/ai/chat/<appid>`, `/ai/workflow/<appid>`, `/ai/completion/<appid>`. */
export function aiAppHref(app: Pick<PublicAiApp, "appid" | "kind">): string {
  return `/ai/${app.kind}/${encodeURIComponent(app.appid)}`;
}

/**
 * URL of a proxy call: `difyProxyUrl("chat-messages", "demo-chat")` → `/api/ai/dify/chat-messages?appid=demo-chat`.
 * The app is always named by the `appid` query parameter (never a header), on every call.
 */
export function difyProxyUrl(path: string, appid: string, query: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams({ appid });
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return `/api/ai/dify/${path.replace(/^\/+/, "")}?${search.toString()}`;
}
