import "server-only";

/**
 * The single import point of the AI apps the marketing pages show (/ and /ai): the registry's
 * configured apps (AI_APPS_CONFIG / DIFY_APPS, else the embedded demo apps), public fields only.
 * It reads configuration, not the database, so it works while the pages are generated at build time.
 */
export { listConfiguredApps as listShowcaseApps } from "@/features/ai-apps/server";
export type { AiAppKind, PublicAiApp } from "@/features/ai-apps";
