// Client-safe surface of content safety (server side: "./server").
export { entriesOfFile, MAX_ENTRY_LENGTH } from "./providers/words/entries";
export { banEndText, SAFETY_COPY } from "./copy";
