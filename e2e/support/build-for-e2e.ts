// `npm test`'s build step: `next build` with exactly the environment the main e2e run's server gets
// (NEXT_PUBLIC_* and SITE_URL are read at build time), taken from playwright.config.ts. Run as its own
// step, the build is timed on its own and is not bound by the web server's start-up time-out; the e2e
// run after it sets E2E_SKIP_BUILD=1 and the same E2E_PORT / E2E_DATA_DIR (scripts/test-all.mjs).
import { spawnSync } from "node:child_process";
import baseConfig from "../../playwright.config";

const appServer = [baseConfig.webServer].flat().find((server) => server?.url?.endsWith("/api/health"));
if (!appServer) throw new Error("playwright.config.ts 里没有应用服务器（url 以 /api/health 结尾）");
const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, ...appServer.env } });
process.exit(build.status ?? 1);
