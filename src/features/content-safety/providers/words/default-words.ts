import { DEMO_UNSAFE_WORD } from "@/embedded/dify";

/**
 * Seeded when no `MODERATION_WORDS_FILE` is given: one harmless test entry, the word the embedded demo
 * apps answer with when a question carries their marker (「演示违规回答」), so the whole path — a refused
 * question, an answer cut mid-stream — can be shown and tested offline. Operators replace the list in
 * the console or with their own file.
 */
export const DEFAULT_WORDS: readonly string[] = [DEMO_UNSAFE_WORD];
