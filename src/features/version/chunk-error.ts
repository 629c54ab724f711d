// The wordings bundlers and browsers use when a code-split chunk can no longer be fetched.
const chunkErrorPattern =
  /ChunkLoadError|Loading chunk [\w-]+ failed|Loading CSS chunk|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** Whether an error means a code chunk of this build failed to load (typically after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return typeof error === "string" && chunkErrorPattern.test(error);
  return error.name === "ChunkLoadError" || chunkErrorPattern.test(error.message);
}
