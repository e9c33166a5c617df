import { signIn } from "./tests/e2e/support/ui.ts";
import { chromium } from "playwright-core";
const base = "http://localhost:3300";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
async function as(email: string, width: number) {
  const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, baseURL: base });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("response", (r) => { if (r.status() >= 500) errors.push(`${r.status()} ${r.url()}`); });
  await page.goto("/");
  await signIn(page, email);
  return { page, errors, ctx };
}
const shots = process.argv[2] ?? "/tmp/tour";
const projects = await (async () => {
  const { page, ctx } = await as("staff@portal.test", 1280);
  const res = await page.request.get("/rest/v1/projects?limit=50");
  const body = await res.json();
  await ctx.close();
  return body.items as { id: string; title: string }[];
})();
const find = (t: string) => projects.find((p) => p.title.includes(t))!;
const targets: [string, string, number, string][] = [
  ["student@portal.test", "/today", 390, "today-390"],
  ["student@portal.test", `/project/${find("Small Hours").id}?tab=safety`, 390, "safety-390"],
  ["staff@portal.test", `/project/${find("Small Hours").id}?tab=safety`, 1280, "safety-1280"],
  ["staff@portal.test", `/project/${find("Small Hours").id}?tab=schedule`, 1280, "schedule-smallhours-1280"],
  ["staff@portal.test", `/project/${find("Weight of Water").id}?tab=schedule`, 1280, "schedule-weight-1280"],
  ["staff@portal.test", `/project/${find("Understudy").id}?tab=delivery`, 1280, "delivery-1280"],
  ["staff@portal.test", `/project/${find("Understudy").id}?tab=delivery`, 390, "delivery-390"],
  ["staff@portal.test", `/project/${find("Weight of Water").id}?tab=insurance`, 1280, "insurance-1280"],
  ["student@portal.test", "/locations", 390, "locations-390"],
  ["staff@portal.test", "/locations", 1280, "locations-1280"],
  ["staff@portal.test", "/production-overview", 1280, "overview-1280"],
  ["staff@portal.test", "/", 1280, "home-staff-1280"],
];
for (const [who, path, width, name] of targets) {
  const { page, errors, ctx } = await as(who, width);
  await page.goto(path);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  console.log(name, errors.length ? errors : "ok");
  await ctx.close();
}
await browser.close();
