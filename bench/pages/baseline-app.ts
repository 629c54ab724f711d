import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, waitUntilUp, type RunningServer } from "../lib/production-server";

const LAYOUT = `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN">
      <body>{children}</body>
    </html>
  );
}
`;
const PAGE = `export default function Page() {
  return <h1>思维火花</h1>;
}
`;
/** The same heading rendered on every request, as a signed-in page is: the floor of server CPU per view. */
const DYNAMIC_PAGE = `export const dynamic = "force-dynamic";\n${PAGE}`;
/** Where the baseline app serves its per-request page. */
export const BASELINE_DYNAMIC_ROUTE = "/dynamic";

export type BaselineApp = RunningServer & { buildDir: string };

/**
 * The floor the pages are compared with: an empty App Router page (one heading; at /dynamic the same,
 * rendered per request) built and served by the same Next.js and React as the product, from a
 * throwaway folder beside nothing else. Its
 * node_modules is a hard-linked copy of ours (Turbopack refuses a symlink out of the project root).
 */
export async function startBaselineApp(): Promise<BaselineApp> {
  const root = mkdtempSync(path.join(tmpdir(), "spark-bench-baseline-"));
  mkdirSync(path.join(root, "app"));
  writeFileSync(path.join(root, "app", "layout.tsx"), LAYOUT);
  writeFileSync(path.join(root, "app", "page.tsx"), PAGE);
  const dynamicDir = path.join(root, "app", BASELINE_DYNAMIC_ROUTE.slice(1));
  mkdirSync(dynamicDir);
  writeFileSync(path.join(dynamicDir, "page.tsx"), DYNAMIC_PAGE);
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "spark-bench-baseline", private: true }));
  writeFileSync(path.join(root, "next.config.mjs"), "export default {};\n");
  // Hard links: a second of work instead of copying hundreds of megabytes. realpath: in a git worktree
  // node_modules is often a symlink to the main checkout's, and `cp -a` would copy the link itself.
  if (spawnSync("cp", ["-al", realpathSync("node_modules"), path.join(root, "node_modules")]).status !== 0) {
    throw new Error("could not link node_modules into the baseline app");
  }
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) throw new Error("the baseline app did not build");

  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, "start", "--port", String(port), "--hostname", "127.0.0.1"], { cwd: root, stdio: "ignore", detached: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`${baseUrl}/`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, pid: child.pid ?? 0, buildDir: path.join(root, ".next") };
}
