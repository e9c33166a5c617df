import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * Serious and critical axe findings of the page as it is now, each with where it is, so a failure says what to fix.
 *
 * Toasts are left out: they fade in and out on a timer, and axe measures a half-transparent toast's contrast against
 * whatever lies beneath it, so the same page passed or failed by the millisecond (a CI run was lost to it). Other
 * animations (dialogs opening) are waited out first for the same reason.
 */
export async function seriousAxe(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
