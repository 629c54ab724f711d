import { randomUUID } from "node:crypto";
import type { NextConfig } from "next";
import { appConfig } from "./src/config/app";
import { SHARE_PAGE_HEADERS } from "./src/features/conversation-share/share-page-headers";
import { BASELINE_SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from "./src/features/security/security-headers";

// One id per build. `next build` evaluates this file in the parent process before it spawns
// its workers, so writing the id back to process.env makes every worker agree on it.
const buildId = (process.env.NEXT_PUBLIC_BUILD_ID ??= randomUUID());

const nextConfig: NextConfig = {
  generateBuildId: () => buildId,
  env: { NEXT_PUBLIC_BUILD_ID: buildId },
  poweredByHeader: false,
  // Every answer, including what the proxy skips (static assets, the service mounts); the proxy adds
  // the pages' nonce CSP. HSTS only when the reverse proxy says the visitor came over https.
  headers: async () => [
    { source: "/:path*", headers: [...BASELINE_SECURITY_HEADERS] },
    // After the baseline: the later entry wins for Referrer-Policy.
    { source: "/share/:path*", headers: [...SHARE_PAGE_HEADERS] },
    {
      source: "/:path*",
      has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
      headers: [{ key: "Strict-Transport-Security", value: STRICT_TRANSPORT_SECURITY }],
    },
  ],
  // Native and WASM packages that must be loaded by Node at run time, not bundled; pdf.js too (it loads
  // its worker module by path at run time: 知识库's PDF extraction).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "ws", "sharp", "@node-rs/argon2", "prom-client", "pino", "pdfjs-dist"],
  experimental: {
    // Enables forbidden() / unauthorized() with the 403 / 401 error pages.
    authInterrupts: true,
    // Turbopack's on-disk cache makes the next local build about twice as fast, but CI builds once from a
    // fresh clone and never reads it back: writing it there costs ≈ 15 s of a two-core run (measured).
    turbopackFileSystemCacheForBuild: !process.env.CI,
    turbopackFileSystemCacheForDev: !process.env.CI,
    // Keep-alive: how long the client router keeps a visited page's payload (seconds).
    staleTimes: appConfig.keepAlive.enabled
      ? { dynamic: appConfig.keepAlive.seconds, static: Math.max(appConfig.keepAlive.seconds, 300) }
      : undefined,
  },
};

export default nextConfig;
