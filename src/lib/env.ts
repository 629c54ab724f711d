import { z } from "zod";

/**
 * Every environment variable the server reads, validated in one place. Each hosted service has an
 * embedded default, so an empty environment is a valid one. `.env.example` documents each variable.
 */

// `.env` files often hold `NAME=` for "unset"; treat blank as absent so defaults apply.
const optionalText = z.preprocess((value) => (value === "" ? undefined : value), z.string().optional());
const textWithDefault = (fallback: string) =>
  z.preprocess((value) => (value === "" || value === undefined ? fallback : value), z.string().min(1));

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/.+/, "必须是 postgres:// 或 postgresql:// 开头的连接串");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SITE_URL: z.preprocess(
    (value) => (value === "" || value === undefined ? "http://localhost:3000" : value),
    z.url({ message: "必须是完整的网址，例如 https://example.com" }),
  ),
  DATA_DIR: textWithDefault(".data"),
  DATABASE_URL: optionalText.pipe(postgresUrl.optional()),
  SECURITY_CONTACT: optionalText.pipe(
    z.string().regex(/^(mailto:|https?:\/\/)/, "必须以 mailto: 或 https:// 开头").optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`环境变量配置有误，服务无法启动：\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "InvalidEnvError";
  }
}

/** Parses an environment, collecting every problem into one readable error. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new InvalidEnvError(
    result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
  );
}

let cachedEnv: Env | undefined;

/** The validated environment of this process (parsed once). */
export function getEnv(): Env {
  cachedEnv ??= parseEnv(process.env);
  return cachedEnv;
}
