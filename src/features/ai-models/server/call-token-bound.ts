import { countTokens } from "@/lib/token-estimate";
import type { ModelAppSettings } from "./settings";

/** Tokens a message adds beyond its text (role and separators), as the usage estimate counts them. */
const TOKENS_PER_MESSAGE = 4;

/**
 * The most one call of a model app with `maxTokens` counts against the plan (null without it): the
 * answer's ceiling plus the prompt it sends — the system prompt and the question, or `/v1`'s whole
 * `messages` — times the costliest model's weight. A follow-up in a stored conversation also sends
 * the thread before it, which the request does not show: `historyTokens` stands for it.
 */
export function modelCallTokenBound(settings: ModelAppSettings, body: Record<string, unknown> | undefined, historyTokens: number): number | null {
  if (settings.maxTokens === undefined) return null;
  const texts = [settings.systemPrompt];
  if (typeof body?.query === "string") texts.push(body.query);
  if (Array.isArray(body?.messages)) {
    for (const message of body.messages as unknown[]) {
      const content = message && typeof message === "object" ? (message as { content?: unknown }).content : undefined;
      texts.push(typeof content === "string" ? content : "");
    }
  }
  const prompt = texts.reduce((sum, text) => sum + TOKENS_PER_MESSAGE + countTokens(text), 0);
  const history = typeof body?.conversation_id === "string" && body.conversation_id !== "" ? historyTokens : 0;
  const weight = Math.max(...settings.models.map((model) => model.weight));
  return Math.ceil((settings.maxTokens + prompt + history) * weight);
}
