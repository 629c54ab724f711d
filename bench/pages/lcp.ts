import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/** The flags playwright.config.ts gives Debian's Chromium. */
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error("找不到 Chromium：请安装 chromium，或用 CHROMIUM_PATH 指定可执行文件。");
  return found;
}

export type PaintTimes = {
  /** Largest Contentful Paint in ms; undefined when Chromium reported none. */
  lcp?: number;
  fcp?: number;
};

/**
 * Paint timings of `url` in headless Chromium (desktop viewport, fresh context per run), read from
 * buffered PerformanceObservers 1 s after `load`. Chromium reports no LCP for content painted at
 * opacity 0, so a page that fades in gets none; `reducedMotion: "reduce"` switches that fade off
 * (globals.css honours prefers-reduced-motion) to time the content itself.
 */
export async function measurePaints(url: string, { runs = 5, reducedMotion = "no-preference" as "reduce" | "no-preference" } = {}): Promise<PaintTimes[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const results: PaintTimes[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1350, height: 940 }, locale: "zh-CN", reducedMotion });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: "load" });
      results.push(
        await page.evaluate(
          () =>
            new Promise<{ lcp?: number; fcp?: number }>((resolve) => {
              const times: { lcp?: number; fcp?: number } = {};
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries()) times.lcp = Math.max(times.lcp ?? 0, entry.startTime);
              }).observe({ type: "largest-contentful-paint", buffered: true });
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") times.fcp = entry.startTime;
              }).observe({ type: "paint", buffered: true });
              setTimeout(() => resolve(times), 1000);
            }),
        ),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
