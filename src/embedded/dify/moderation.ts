import type { DemoApp } from "./demo-apps";

/**
 * Dify's keyword moderation (敏感词规避, `sensitive_word_avoidance` of type `keywords`): a flagged question
 * is answered with the input preset as an ordinary answer; a flagged answer is replaced mid-stream by a
 * `message_replace` event (`reason: "output_moderation"`) carrying the output preset.
 */
export interface DemoModeration {
  keywords: string[];
  /** Preset answer for a flagged question; absent = questions are not checked. */
  inputReply?: string;
  /** Preset answer for a flagged answer; absent = answers are not checked. */
  outputReply?: string;
}

/** The app's `sensitive_word_avoidance` as Dify's `/parameters` returns it. */
export function sensitiveWordAvoidanceFor(app: DemoApp) {
  const moderation = app.moderation;
  if (!moderation) return { enabled: false, type: "", configs: [] };
  return {
    enabled: true,
    type: "keywords",
    config: {
      keywords: moderation.keywords.join("\n"),
      inputs_config: { enabled: moderation.inputReply !== undefined, preset_response: moderation.inputReply ?? "" },
      outputs_config: { enabled: moderation.outputReply !== undefined, preset_response: moderation.outputReply ?? "" },
    },
  };
}

const flagged = (text: string, keywords: readonly string[]) => keywords.some((keyword) => text.includes(keyword));

/** The preset answer when the question trips the app's input check. */
export function inputModerationReply(app: DemoApp, query: string): string | undefined {
  const moderation = app.moderation;
  return moderation?.inputReply !== undefined && flagged(query, moderation.keywords) ? moderation.inputReply : undefined;
}

/** The preset answer when the answer so far trips the app's output check. */
export function outputModerationReply(app: DemoApp, answerSoFar: string): string | undefined {
  const moderation = app.moderation;
  return moderation?.outputReply !== undefined && flagged(answerSoFar, moderation.keywords) ? moderation.outputReply : undefined;
}
