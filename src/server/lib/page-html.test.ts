import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PAGES } from "../../web/app/pages.ts";
import { pageHtml } from "./page-html.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "page-html-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
const links = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe("each page's HTML", () => {
  writeFileSync(path.join(dir, "index.html"), INDEX);
  writeFileSync(
    path.join(dir, "page-preloads.json"),
    JSON.stringify([
      {
        path: "/project/:id",
        files: ["/assets/Shell.js", "/assets/ProjectPage.js"],
        tabs: { budget: ["/assets/Shell.js", "/assets/ProjectPage.js", "/assets/BudgetTab.js"] },
      },
      { path: "/projects/documentary", files: ["/assets/Shell.js", "/assets/DocumentaryProjectsPage.js"] },
      { path: "/", files: ["/assets/Shell.js", "/assets/HomePage.js"] },
    ]),
  );
  const htmlFor = pageHtml(dir);

  it("names the code of the page the path opens, in the head", () => {
    const html = htmlFor("/project/4f1c2b7e-0000-4000-8000-000000000001");
    expect(links(html)).toEqual(["/assets/Shell.js", "/assets/ProjectPage.js"]);
    expect(html.indexOf("modulepreload")).toBeLessThan(html.indexOf("</head>"));
    expect(links(htmlFor("/"))).toEqual(["/assets/Shell.js", "/assets/HomePage.js"]);
    expect(links(htmlFor("/projects/documentary/"))).toEqual([
      "/assets/Shell.js",
      "/assets/DocumentaryProjectsPage.js",
    ]);
  });

  it("adds the code of a tab the page loads apart when the address opens it, and only then", () => {
    const id = "/project/4f1c2b7e-0000-4000-8000-000000000001";
    expect(links(htmlFor(id, "budget"))).toEqual([
      "/assets/Shell.js",
      "/assets/ProjectPage.js",
      "/assets/BudgetTab.js",
    ]);
    expect(links(htmlFor(id, "crew"))).toEqual(["/assets/Shell.js", "/assets/ProjectPage.js"]);
    expect(links(htmlFor("/projects/documentary", "budget"))).toEqual([
      "/assets/Shell.js",
      "/assets/DocumentaryProjectsPage.js",
    ]);
  });

  it("gives any other path index.html as built", () => {
    for (const p of ["/auth", "/project", "/project/1/extra", "/no/such/page", "/projects"])
      expect(htmlFor(p)).toBe(INDEX);
  });

  it("gives index.html as built when the build listed no pages", () => {
    const bare = mkdtempSync(path.join(dir, "bare-"));
    writeFileSync(path.join(bare, "index.html"), INDEX);
    expect(pageHtml(bare)("/project/1")).toBe(INDEX);
  });
});

describe("pages.ts", () => {
  it("names a module that exists for every page, and each route once", () => {
    for (const p of PAGES) expect(existsSync(path.join("src/web", p.module)), p.module).toBe(true);
    for (const module of PAGES.flatMap((p) => Object.values(p.tabs ?? {})))
      expect(existsSync(path.join("src/web", module)), module).toBe(true);
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
  });
});
