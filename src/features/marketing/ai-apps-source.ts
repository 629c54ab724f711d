import "server-only";
import type { PublicAiApp } from "@/features/ai-apps";
import { listConfiguredApps, listEnabledApps } from "@/features/ai-apps/server";
import { isBuildPhase } from "@/lib/build-phase";

/**
 * The single import point of the AI apps the marketing pages show (/, /ai, the sitemap): the enabled
 * apps of the registry the console writes, in its order, public fields only. While the build
 * prerenders, the configured apps (AI_APPS_CONFIG / DIFY_APPS, else the embedded demo apps) stand in.
 */
export async function listShowcaseApps(): Promise<PublicAiApp[]> {
  return isBuildPhase() ? listConfiguredApps() : listEnabledApps();
}

export type { AiAppKind, PublicAiApp } from "@/features/ai-apps";
