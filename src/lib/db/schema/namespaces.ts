import { pgSchema } from "drizzle-orm/pg-core";

// Reserved Postgres schemas; their tables arrive with later features.
export const authSchema = pgSchema("auth");
export const storageSchema = pgSchema("storage");
