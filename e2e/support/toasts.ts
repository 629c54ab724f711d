import type { Locator, Page } from "@playwright/test";

/**
 * The toast area: Radix's viewport region, labelled 通知（F8）. Found by CSS rather than by role: while a
 * modal dialog is open, Radix hides everything else, toasts included, from the accessibility tree.
 */
export function toastRegion(page: Page): Locator {
  return page.locator('[role="region"][aria-label^="通知"]');
}
