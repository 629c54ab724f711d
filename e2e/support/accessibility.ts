import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core's minified build (0.65 MB) rather than the 1.5 MB source AxeBuilder injects by default:
 * it is sent to and compiled by every page checked (≈ 0.15 s less a check, measured on seven pages).
 */
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** What the walk allows: minor and moderate findings are reported by axe but do not fail it. */
const FAILING_IMPACTS = new Set(["serious", "critical"]);

/**
 * The serious and critical axe-core violations on the page as it is now, one line each (rule, what
 * it says, where). axe's default rules plus label-content-name-mismatch (experimental in axe, off by
 * default): a control whose accessible name does not contain its visible label cannot be operated by
 * voice with the words on screen (issue 38: the storage page's buttons).
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // The page-enter fade (and any other finite animation) first: mid-fade text is paler than it will be.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe.run() in the page itself. The default runs it per frame and then merges the
  // results in a blank page it opens (and injects axe into) for every check: twice the time for the
  // same findings, as our pages have no cross-origin frames to merge.
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } }, resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""))
    .flatMap((violation) =>
      violation.nodes.slice(0, 3).map((node) => `axe ${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(" ")} ${node.failureSummary?.split("\n").slice(1, 2).join("").trim() ?? ""}`.trim()),
    );
}
