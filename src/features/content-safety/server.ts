import "server-only";

// Server-side surface of content safety: the AI proxy's moderation, the hit records and the word list.
export { banPolicyFromEnv, getProxyModeration, getWordList, loadBanPolicy } from "./server/content-safety";
export { banPolicyBody, loadBanPolicyOverrides, saveBanPolicy, type BanPolicy } from "./server/ban-policy";
export { hitsCsv, listHits, recordHit, type HitFilters, type HitRecord } from "./server/hits";
export { addWords, deleteWord, listWords } from "./providers/words/store";
export { entriesOfFile } from "./providers/words/entries";
