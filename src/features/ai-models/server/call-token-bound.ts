import { countTokens } from "@/lib/token-estimate";
import { chatTurnSchema, turnImages, turnTexts } from "./chat-turns";
import type { ModelAppSettings } from "./settings";

/** Tokens a message adds beyond its text (role and separators), as the usage estimate counts them. */
const TOKENS_PER_MESSAGE = 4;
/** What one image may cost in prompt tokens (a high-detail picture at OpenAI's rates is about this). */
const IMAGE_TOKEN_ALLOWANCE = 1_000;

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
  let extra = 0;
  if (Array.isArray(body?.messages)) {
    for (const message of body.messages as unknown[]) {
      const turn = chatTurnSchema.safeParse(message);
      texts.push(turn.success ? turnTexts(turn.data).join("") : "");
      if (turn.success) extra += turnImages(turn.data).length * IMAGE_TOKEN_ALLOWANCE;
    }
  }
  // The client's tool definitions are sent with every call of a tool loop.
  if (Array.isArray(body?.tools)) extra += countTokens(JSON.stringify(body.tools));
  const prompt = texts.reduce((sum, text) => sum + TOKENS_PER_MESSAGE + countTokens(text), extra);
  const history = typeof body?.conversation_id === "string" && body.conversation_id !== "" ? historyTokens : 0;
  const weight = Math.max(...settings.models.map((model) => model.weight));
  return Math.ceil((settings.maxTokens + prompt + history) * weight);
}
