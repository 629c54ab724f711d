// Client-safe surface of the console's 内容安全 section (hits and the word list; the API is in server/safety-routes).
export { BanPolicyForm } from "./components/ban-policy-form";
export { HitsFilter } from "./components/hits-filter";
export { HitsTable } from "./components/hits-table";
export { WordListEditor } from "./components/word-list-editor";
export { safetyAdminCopy } from "./copy";
export { parseHitQuery, type HitQuery } from "./hit-query";
