import { modelCallTokenBound, type ModelAppSettings } from "@/features/ai-models/server";
import { getEnv } from "@/lib/env";

export interface AiCallSpendInput {
  /** The app called: a model app's settings say how much one call can spend. */
  app?: { modelSettings?: ModelAppSettings };
  /** The call's validated JSON body, as the proxy forwards it. */
  body?: Record<string, unknown>;
}

/**
 * Tokens to reserve for one AI call: what it can spend where that is known (a model app with max
 * tokens), else the configured estimate `AI_CALL_RESERVATION_TOKENS` (a Dify app's answer has no
 * ceiling the proxy could read; the estimate also stands for a model conversation's history).
 */
export function aiCallReservationTokens({ app, body }: AiCallSpendInput = {}): number {
  const estimate = getEnv().AI_CALL_RESERVATION_TOKENS;
  const bound = app?.modelSettings ? modelCallTokenBound(app.modelSettings, body, estimate) : null;
  return bound ?? estimate;
}
