import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCircles, importGraph, type ImportEdge } from "./import-graph.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * The house's import boundaries. A rule forbids the files matching `from` to import the files matching any of
 * `mayNotImport` (globs over paths from the repository root: `*` is one path segment or part of one, `**` any
 * number of segments), unless `unless` says the one import is allowed. To add a rule, add a row.
 *
 * For example, features that meet only through named entry points would read:
 *   { from: "src/server/features/**", mayNotImport: ["src/server/features/**"],
 *     unless: (e) => sameFeature(e) || ENTRY_POINTS.includes(e.to), why: "…" }
 */
interface ImportRule {
  from: string;
  mayNotImport: string[];
  unless?: (edge: ImportEdge) => boolean;
  /** Printed with every import that breaks the rule. */
  why: string;
}

/** The folder under `root` a path belongs to: `src/server/features/budgets/draft.ts` → `budgets`. */
const featureOf = (file: string, root: string) =>
  file.startsWith(root) ? file.slice(root.length).split("/")[0] : null;
const sameFeature = (e: ImportEdge, root: string) => featureOf(e.from, root) === featureOf(e.to, root);

/** A domain's entry: its `index.ts` (or `service.ts` while it is one file), and the project rules every domain reads. */
const SERVER_ENTRY_POINTS =
  /^src\/server\/features\/[a-z-]+\/(index|service)\.ts$|^src\/server\/features\/projects\/(access|contacts|greenlight)\.ts$/;
/** The demo school is seeded domain after domain; a seed may build on another's. */
const seedToSeed = (e: ImportEdge) => e.from.endsWith("/seed.ts") && e.to.endsWith("/seed.ts");

/**
 * A web feature's entry is its `api.ts`; the rest are pieces one feature lends another's page by name: who is
 * signed in and SPEC's sign-in texts (auth), the bell and a notification's row on the home page (inbox), the
 * settings page's section frame and the chart of accounts it shows (settings, budgets), a domain's panel on the
 * project page (equipment, screenplays).
 */
const WEB_ENTRY_POINTS =
  /^src\/web\/features\/([a-z-]+\/api\.ts|auth\/(AuthProvider\.tsx|messages\.ts)|inbox\/(bell-state\.ts|NotificationRow\.tsx)|settings\/Section\.tsx|budgets\/(AccountsSection|CourseBudgetTemplate)\.tsx|equipment\/(ProjectEquipment|CourseFairShare)\.tsx|screenplays\/ProjectScreenplays\.tsx|delivery\/DeliveryItemsEditor\.tsx|production-contacts\/(ContactsSection|ContactPicker|ContactDays)\.tsx)$/;

const RULES: ImportRule[] = [
  {
    from: "src/common/**",
    mayNotImport: ["src/server/**", "src/web/**"],
    why: "common is what the server and the web share; it stands on neither",
  },
  {
    from: "src/server/lib/**",
    mayNotImport: ["src/server/features/**"],
    why: "lib holds the tools every domain uses; a tool that needs a domain belongs to that domain or beside portal.ts",
  },
  {
    from: "src/server/mail/**",
    mayNotImport: ["src/server/features/**", "src/server/auth/**"],
    why: "auth, the inbox and every domain queue mail through server/mail, so mail must not import them back",
  },
  {
    from: "src/server/features/**",
    mayNotImport: ["src/server/features/**"],
    unless: (e) => sameFeature(e, "src/server/features/") || SERVER_ENTRY_POINTS.test(e.to) || seedToSeed(e),
    why: "a domain reaches another through its entry points (index.ts or a one-file service.ts, and the project's access, contacts and greenlight rules), never its repository or topic files",
  },
  {
    from: "src/web/features/**",
    mayNotImport: ["src/web/features/**"],
    unless: (e) => sameFeature(e, "src/web/features/") || WEB_ENTRY_POINTS.test(e.to),
    why: "a web feature reaches another through its api.ts or a piece it shares by name (WEB_ENTRY_POINTS), never its pages' insides",
  },
  {
    from: "src/server/{features,lib,mail,auth,ops,db}/**",
    mayNotImport: ["src/server/jobs.ts", "src/server/portal.ts", "src/server/app.ts"],
    why: "the assemblies list the domains; a domain reading them would import the list of domains back",
  },
];

/**
 * Boundaries are about the running code. A test may drive the whole portal (a lib test starting a worker
 * through the notifications service), and the harness exists to assemble it, so neither is held to them.
 */
const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith("src/server/test/");

function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (glob.startsWith("**/", i)) {
      out += "(?:.*/)?";
      i += 2;
    } else if (glob.startsWith("**", i)) {
      out += ".*";
      i += 1;
    } else if (c === "*") out += "[^/]*";
    else if (c === "{") out += "(?:";
    else if (c === "}") out += ")";
    else if (c === "," && out.lastIndexOf("(?:") > out.lastIndexOf(")")) out += "|";
    else out += c.replace(/[.+?^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

function breaches(edges: ImportEdge[], rule: ImportRule): string[] {
  const from = globToRegExp(rule.from);
  const forbidden = rule.mayNotImport.map(globToRegExp);
  return edges
    .filter((e) => from.test(e.from) && !isTestCode(e.from) && forbidden.some((f) => f.test(e.to)) && !rule.unless?.(e))
    .map((e) => `${e.from} imports ${e.to}`);
}

// Type-only imports count: a type import still ties a module to another's vocabulary (the circle this test was
// written against ran partly through `import type`), and untangling it costs no more than a value import.
const graph = importGraph(ROOT, ["src"]);

describe("the import graph of src/", () => {
  it("is read from the sources", () => {
    // A resolver that silently found nothing would let every rule pass.
    expect(graph.files.length).toBeGreaterThan(300);
    expect(graph.edges.length).toBeGreaterThan(1000);
  });

  it("has no import circle", () => {
    const circles = importCircles(graph).map((c) => c.join("\n  → "));
    expect(circles, `import circles:\n${circles.join("\n\n")}`).toEqual([]);
  });

  it.each(RULES.map((r) => [`${r.from} imports none of ${r.mayNotImport.join(", ")}`, r] as const))(
    "keeps the boundary: %s",
    (_name, rule) => {
      const found = breaches(graph.edges, rule);
      expect(found, `${rule.why}:\n${found.join("\n")}`).toEqual([]);
    },
  );

  it("tells a rule's globs apart as the rules above mean them", () => {
    expect(globToRegExp("src/server/lib/**").test("src/server/lib/jobs.ts")).toBe(true);
    expect(globToRegExp("src/server/lib/**").test("src/server/library.ts")).toBe(false);
    expect(globToRegExp("src/server/{features,lib}/**").test("src/server/features/inbox/service.ts")).toBe(true);
    expect(globToRegExp("src/server/{features,lib}/**").test("src/server/mail/queue.ts")).toBe(false);
    expect(globToRegExp("src/web/features/*/api.ts").test("src/web/features/inbox/api.ts")).toBe(true);
    expect(globToRegExp("src/web/features/*/api.ts").test("src/web/features/inbox/x/api.ts")).toBe(false);
  });

  it("finds a circle and names its files", () => {
    const edges = (pairs: [string, string][]) => pairs.map(([from, to]) => ({ from, to, typeOnly: false }));
    const knot = {
      files: ["a.ts", "b.ts", "c.ts", "d.ts"],
      edges: edges([
        ["a.ts", "b.ts"],
        ["b.ts", "c.ts"],
        ["c.ts", "a.ts"],
        ["c.ts", "d.ts"],
      ]),
    };
    expect(importCircles(knot)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
    expect(importCircles({ files: ["a.ts"], edges: edges([["a.ts", "a.ts"]]) })).toEqual([["a.ts", "a.ts"]]);
    expect(importCircles({ files: ["a.ts", "b.ts"], edges: edges([["a.ts", "b.ts"]]) })).toEqual([]);
  });
});
