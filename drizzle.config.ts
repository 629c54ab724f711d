import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations to drizzle/; the app applies them at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/lib/db/schema/index.ts",
  out: "./drizzle",
});
