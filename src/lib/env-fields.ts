import { z } from "@/lib/zod";

/** The kinds of setting src/lib/env.ts is made of: blanks read as unset, defaults, connection strings. */

// `.env` files often hold `NAME=` for "unset"; treat blank as absent so defaults apply.
export const optionalText = z.preprocess((value) => (value === "" ? undefined : value), z.string().optional());

export function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** A setting that falls back to `fallback` when unset or blank. */
export const withDefault = <T extends z.ZodType>(fallback: string, schema: T) =>
  z.preprocess((value) => (value === "" || value === undefined ? fallback : value), schema);
export const textWithDefault = (fallback: string) => withDefault(fallback, z.string().min(1));

export const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/.+/, "必须是 postgres:// 或 postgresql:// 开头的连接串");
