import type { ModerationProvider } from "../../types";
import type { WordMatcher } from "./matcher";

/** The built-in list as a provider (offline default; the matching is local and fast). */
export function createWordsProvider(matcher: () => Promise<WordMatcher>): ModerationProvider {
  return {
    name: "words",
    async checkText(text) {
      return (await matcher()).check(text);
    },
  };
}
