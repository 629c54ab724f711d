/** Client-safe shapes of the usage views (all scoped to the signed-in user). */
export type UsageKind = "chat" | "workflow" | "completion";

/** Tokens of one calendar day in China time (`YYYY-MM-DD`). */
export type DailyTokens = { date: string; tokens: number; calls: number };

export type AppUsage = { appid: string; appName: string; kind: UsageKind; tokens: number; calls: number; lastUsedAt: string };

export type UsageCall = {
  id: string;
  appid: string;
  appName: string;
  kind: UsageKind;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  latencyMs: number;
  createdAt: string;
};
