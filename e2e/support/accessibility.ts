import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

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
  const results = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""))
    .flatMap((violation) =>
      violation.nodes.slice(0, 3).map((node) => `axe ${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(" ")} ${node.failureSummary?.split("\n").slice(1, 2).join("").trim() ?? ""}`.trim()),
    );
}
