/**
 * Hosted-mode contract (issue: switching to a hosted Supabase project is configuration only):
 * starts the embedded services as a separate process on their own port, as a hosted project would
 * be, reads the keys they print, and starts the already-built app pointed at them with the same
 * SUPABASE_URL / key variables an operator would set. Run by playwright.hosted.config.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

const appPort = process.env.E2E_PORT;
const servicesPort = process.env.E2E_SERVICES_PORT;
if (!appPort || !servicesPort) throw new Error("E2E_PORT and E2E_SERVICES_PORT must be set");
const appUrl = `http://127.0.0.1:${appPort}`;
const servicesUrl = `http://127.0.0.1:${servicesPort}`;
const children: ChildProcess[] = [];

function stopAll(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exit(code);
}
process.once("SIGTERM", () => stopAll(0));
process.once("SIGINT", () => stopAll(0));

function start(command: string, args: string[], env: Record<string, string | undefined>): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  child.once("exit", (code) => stopAll(code ?? 1));
  return child;
}

/** The KEY=value lines the standalone server prints once it listens. */
function readKeys(child: ChildProcess): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    const keys: Record<string, string> = {};
    createInterface({ input: child.stdout! }).on("line", (line) => {
      process.stdout.write(`[services] ${line}\n`);
      const match = /^(SUPABASE_[A-Z_]+)=(.+)$/.exec(line);
      if (match) keys[match[1]!] = match[2]!;
      if (keys.SUPABASE_SERVICE_ROLE_KEY) resolve(keys);
    });
  });
}

async function main() {
  const services = start(process.execPath, [path.join("node_modules", "tsx", "dist", "cli.mjs"), "src/embedded/standalone.ts", "--port", servicesPort!], {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "spark-hosted-services-")),
    DATABASE_URL: "",
    AUTH_SITE_URL: appUrl,
    DEV_OUTBOX: "on",
  });
  const keys = await readKeys(services);

  const app = start(process.execPath, ["server.mjs", "--port", appPort!, "--hostname", "127.0.0.1", "--keepAliveTimeout", "65000"], {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "spark-hosted-app-")),
    SITE_URL: appUrl,
    SUPABASE_URL: keys.SUPABASE_URL ?? servicesUrl,
    SUPABASE_ANON_KEY: keys.SUPABASE_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: keys.SUPABASE_SERVICE_ROLE_KEY,
    DEV_OUTBOX_URL: `${servicesUrl}/outbox/v1/messages`,
  });
  app.stdout?.pipe(process.stdout);
}

main().catch((error: unknown) => {
  console.error(error);
  stopAll(1);
});
