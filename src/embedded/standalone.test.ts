import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";

/**
 * `npm run services` as an attacker meets it: a real process on a real port. Sign-ins carry a new
 * X-Forwarded-For (and a new e-mail, so only the per-IP limit can stop them) every time.
 */
const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill("SIGTERM");
});

async function startServices(env: Record<string, string>): Promise<{ url: string; anonKey: string }> {
  const child = spawn(process.execPath, [path.join("node_modules", "tsx", "dist", "cli.mjs"), "src/embedded/standalone.ts", "--port", "0"], {
    env: { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "spark-standalone-")), DATABASE_URL: "", AUTH_RATE_LIMIT_SIGN_IN: "3/300", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  running.push(child);
  const found: Record<string, string> = {};
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = /^(SUPABASE_[A-Z_]+)=(.+)$/.exec(line);
    if (match) found[match[1]!] = match[2]!;
    if (found.SUPABASE_URL && found.SUPABASE_ANON_KEY) break;
  }
  if (!found.SUPABASE_URL || !found.SUPABASE_ANON_KEY) throw new Error("services did not start");
  return { url: found.SUPABASE_URL, anonKey: found.SUPABASE_ANON_KEY };
}

async function signIn(services: { url: string; anonKey: string }, forwardedFor: string): Promise<number> {
  const response = await fetch(`${services.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: services.anonKey, "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
    body: JSON.stringify({ email: `nobody-${crypto.randomUUID()}@example.com`, password: "wrong-password" }),
  });
  await response.body?.cancel();
  return response.status;
}

describe("standalone services: who the caller is", () => {
  it("keeps counting sign-ins per peer when the peer is not a trusted proxy, whatever X-Forwarded-For says", async () => {
    const services = await startServices({ TRUSTED_PROXIES: "10.0.0.0/8" });
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push(await signIn(services, `198.51.100.${i}`));
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  }, 240_000);

  it("counts per forwarded visitor behind a trusted proxy (default: this machine, i.e. the app)", async () => {
    const services = await startServices({ TRUSTED_PROXIES: "" });
    for (let i = 0; i < 3; i++) expect(await signIn(services, "6.6.6.6, 203.0.113.1")).not.toBe(429);
    expect(await signIn(services, "6.6.6.7, 203.0.113.1")).toBe(429);
    expect(await signIn(services, "6.6.6.6, 203.0.113.2")).not.toBe(429);
  }, 240_000);
});
