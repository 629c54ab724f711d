import { seedAppRegistry } from "@/features/ai-apps/server";
import { getDatabase } from "./db";
import { getEnv } from "./env";

/**
 * Server start-up (`next dev`, `next start`): check the configuration and open the database (which
 * applies pending migrations and takes the data-directory lock), so a bad setup stops now with one
 * readable message instead of failing on a visitor's first request.
 */
async function startServer() {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  try {
    getEnv();
    // The AI app registry comes from config: a bad config must stop start-up, not the first chat.
    await seedAppRegistry(await getDatabase());
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

await startServer();
