import { describe, expect, it } from "vitest";
import { InvalidEnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives the embedded defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toBe(".data");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats blank values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", DATA_DIR: "" }).DATA_DIR).toBe(".data");
  });

  it("lists every problem at once", () => {
    let caught: unknown;
    try {
      parseEnv({ SITE_URL: "not a url", DATABASE_URL: "mysql://x", NODE_ENV: "staging" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidEnvError);
    const problems = (caught as InvalidEnvError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.join("\n")).toMatch(/SITE_URL/);
    expect(problems.join("\n")).toMatch(/DATABASE_URL: 必须是 postgres/);
    expect((caught as Error).message).toMatch(/^环境变量配置有误/);
  });

  it("asks for the keys of a hosted Supabase project", () => {
    expect(() => parseEnv({ SUPABASE_URL: "https://abc.supabase.co" })).toThrow(/SUPABASE_ANON_KEY[\s\S]*SUPABASE_SERVICE_ROLE_KEY/);
    const env = parseEnv({ SUPABASE_URL: "https://abc.supabase.co", SUPABASE_PUBLISHABLE_KEY: "sb_publishable_x", SUPABASE_SECRET_KEY: "sb_secret_y" });
    expect(env.SUPABASE_URL).toBe("https://abc.supabase.co");
  });

  it("takes S3 storage whole or not at all", () => {
    expect(() => parseEnv({ STORAGE_S3_BUCKET: "spark-files" })).toThrow(/STORAGE_S3_REGION[\s\S]*STORAGE_S3_ACCESS_KEY_ID[\s\S]*STORAGE_S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ STORAGE_S3_ENDPOINT: "https://oss-cn-hangzhou.aliyuncs.com" })).toThrow(/STORAGE_S3_BUCKET/);
    expect(() => parseEnv({ STORAGE_S3_FORCE_PATH_STYLE: "yes" })).toThrow(/STORAGE_S3_FORCE_PATH_STYLE/);
    const env = parseEnv({
      STORAGE_S3_BUCKET: "spark-files",
      STORAGE_S3_REGION: "oss-cn-hangzhou",
      STORAGE_S3_ACCESS_KEY_ID: "id",
      STORAGE_S3_SECRET_ACCESS_KEY: "secret",
      STORAGE_S3_FORCE_PATH_STYLE: "true",
    });
    expect(env.STORAGE_S3_BUCKET).toBe("spark-files");
  });

  it("refuses a TRUSTED_PROXIES value that names no proxy", () => {
    expect(parseEnv({ TRUSTED_PROXIES: "1" }).TRUSTED_PROXIES).toBe("1");
    expect(parseEnv({ TRUSTED_PROXIES: "127.0.0.1/32,10.0.0.0/8" }).TRUSTED_PROXIES).toBe("127.0.0.1/32,10.0.0.0/8");
    expect(() => parseEnv({ TRUSTED_PROXIES: "nginx" })).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseEnv({ TRUSTED_PROXIES: "10.0.0.0/33" })).toThrow(/TRUSTED_PROXIES/);
  });
});
