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
  /** Model apps: the model that answered, and whether its figures are our estimate. */
  model: string | null;
  /** The model's display name in the app's settings (「火花 快速版」); null: none, show the id. */
  modelName: string | null;
  estimated: boolean;
  /** Calls made through the developer API: the key's name (null: from the site's own pages). */
  apiKeyName: string | null;
  /** 分 the call took from the balance (按量付费); null: the plan's tokens paid for it. */
  costFen: number | null;
};

/** Model apps' usage of one model (tokens are what counted against the plan: times the model's weight). */
export type ModelUsage = { appid: string; appName: string; model: string; modelName: string | null; tokens: number; promptTokens: number; completionTokens: number; calls: number; estimatedCalls: number };
