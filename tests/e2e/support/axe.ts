import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** Serious and critical axe findings of the page as it is now, each with where it is, so a failure says what to fix. */
export async function seriousAxe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
