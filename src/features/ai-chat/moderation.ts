import type { DifyParameters } from "@/features/ai-runtime";
import { SAFETY_COPY } from "@/features/content-safety";

/**
 * Dify's 敏感词规避 (`sensitive_word_avoidance`): a flagged question is answered with the input preset as an
 * ordinary answer and a flagged answer is replaced by the output preset (`message_replace`, reason
 * `output_moderation`). Neither is marked as such in the answer, so the chat page recognises the presets
 * published in `/parameters` to show them as a notice rather than as the assistant's words.
 */
export function moderationReplies(parameters: Pick<DifyParameters, "sensitive_word_avoidance">): string[] {
  const avoidance = record(parameters.sensitive_word_avoidance);
  if (!avoidance || avoidance.enabled !== true) return [];
  // Dify stores the settings under `config`; its empty default says `configs`.
  const config = record(avoidance.config) ?? record(avoidance.configs);
  if (!config) return [];
  const replies: string[] = [];
  for (const side of [record(config.inputs_config), record(config.outputs_config)]) {
    const preset = typeof side?.preset_response === "string" ? side.preset_response.trim() : "";
    if (side?.enabled === true && preset) replies.push(preset);
  }
  return replies;
}

/**
 * Whether an answer is one of the app's moderation presets, or the site's own notice (a cut answer
 * read back from the history: the AI proxy puts the notice in its place).
 */
export function isModerationReply(answer: string, replies: readonly string[]): boolean {
  const text = answer.trim();
  return text !== "" && (replies.includes(text) || text === SAFETY_COPY.answerReplaced);
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
