import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import { button, expectPath, gone, heading, signIn, visible } from "./support/ui.ts";

const e2e = usePortal();

/** SPEC §2's protected routes and the h1 each shows to a signed-in admin (UI contract). */
const PROTECTED: [path: string, h1: string | RegExp][] = [
  ["/", /^Welcome, Margaret/],
  ["/production-overview", "Production Overview"],
  ["/screenplays", "Screenplays"],
  ["/project/00000000-0000-4000-8000-000000000000", "Project not found"],
  ["/equipment-admin", "Equipment Administration"],
  ["/admin", "Admin Dashboard"],
  ["/settings", "Settings"],
  ["/projects/documentary", "Documentary Projects"],
  ["/guide", "Users' Guide"],
  ["/user-management", "User Management"],
  ["/view-document", "Document not found"],
  ["/test-notifications", "Test Notifications"],
];

/** SPEC §2's public routes, answered without sign-in. */
const PUBLIC: [path: string, h1: string][] = [
  ["/email-test", "E-mail Test"],
  ["/test", "Test Page"],
  ["/budget-approval/00000000-0000-4000-8000-000000000000", "Budget Approval"],
  ["/budget-approval-redirect/00000000-0000-4000-8000-000000000000", "Budget Approval"],
  ["/signature/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001", "Document Signature"],
  ["/auth", "Sign In"],
  ["/reset-password", "This Link Has Expired"],
  ["/no/such/page", "Page Not Found"],
];

const PROFILE_FAILURE = { error: { code: "internal", message: "An unexpected error occurred" } };

async function failProfile(page: Page) {
  await page.route("**/rest/v1/profile", (route) =>
    route.request().method() === "GET" ? route.fulfill({ status: 500, json: PROFILE_FAILURE }) : route.continue(),
  );
}

describe("every route of SPEC §2", () => {
  it("signed out: public routes answer, protected ones show the sign-in screen at their own URL", async () => {
    const page = await e2e.newPage();
    for (const [path, h1] of PUBLIC) {
      await page.goto(path);
      await visible(heading(page, h1));
    }
    for (const [path] of PROTECTED) {
      await page.goto(path);
      await visible(heading(page, "Sign In"));
      await expectPath(page, path);
    }
  });

  it("signed in as admin: every protected route shows its page", async () => {
    const page = await e2e.newPage();
    await signIn(page, "admin@portal.test");
    for (const [path, h1] of PROTECTED) {
      await page.goto(path);
      await visible(heading(page, h1));
    }
  });

  it("the main navigation reaches every area without a reload", async () => {
    const page = await e2e.newPage();
    await signIn(page, "admin@portal.test");
    const nav = page.getByRole("navigation", { name: "Main" });
    const areas: [link: string, path: string, h1: string | RegExp][] = [
      ["Production Overview", "/production-overview", "Production Overview"],
      ["Screenplays", "/screenplays", "Screenplays"],
      ["Documentary Projects", "/projects/documentary", "Documentary Projects"],
      ["Equipment", "/equipment", "Equipment"],
      ["Equipment Admin", "/equipment-admin", "Equipment Administration"],
      ["Admin", "/admin", "Admin Dashboard"],
      ["User Management", "/user-management", "User Management"],
      ["Guide", "/guide", "Users' Guide"],
      ["Settings", "/settings", "Settings"],
      ["Home", "/", /^Welcome, Margaret/],
    ];
    let loads = 0;
    page.on("load", () => loads++);
    for (const [link, path, h1] of areas) {
      await nav.getByRole("link", { name: link, exact: true }).click();
      await expectPath(page, path);
      await visible(heading(page, h1));
    }
    expect(loads).toBe(0);
    expect(await page.getByRole("link", { name: "Skip to content", exact: true }).count()).toBe(1);
  });

  it("lists to a student only the areas a student can use", async () => {
    const page = await e2e.newPage();
    await signIn(page, "student@portal.test");
    const nav = page.getByRole("navigation", { name: "Main" });
    await visible(nav.getByRole("link", { name: "Equipment", exact: true }));
    for (const hidden of ["Equipment Admin", "Admin", "User Management"]) {
      expect(await nav.getByRole("link", { name: hidden, exact: true }).count()).toBe(0);
    }
  });
});

describe("not found", () => {
  it("any other path shows the not-found page, whose Go Home leads to /", async () => {
    const page = await e2e.newPage();
    await page.goto("/this/does/not/exist");
    await visible(heading(page, "Page Not Found"));
    await visible(page.getByText("There is no page at this address.", { exact: true }));
    await page.getByRole("link", { name: "Go Home", exact: true }).click();
    await expectPath(page, "/");
    await visible(heading(page, "Sign In"));
  });
});

describe("the route error screen", () => {
  it("shows the error's message; Try Again re-renders the route and Go Home goes to /", async () => {
    const page = await e2e.newPage();
    await signIn(page, "admin@portal.test");

    await failProfile(page);
    await page.goto("/?from=error-test");
    await visible(heading(page, "Something went wrong"));
    await visible(page.getByText("An unexpected error occurred", { exact: true }));
    await page.unroute("**/rest/v1/profile");
    await button(page, "Try Again").click();
    await visible(heading(page, /^Welcome, Margaret/));
    await gone(heading(page, "Something went wrong"));
    await expectPath(page, "/", "?from=error-test");

    await failProfile(page);
    await page.reload();
    await visible(heading(page, "Something went wrong"));
    await page.unroute("**/rest/v1/profile");
    await button(page, "Go Home").click();
    await expectPath(page, "/");
    // Home was the failing page: Go Home must not show the error again once the server answers.
    await visible(heading(page, /^Welcome, Margaret/));
  });
});

describe("on a phone (390 × 844)", () => {
  it("the navigation sits behind Menu and the page fits the screen", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page, "student@portal.test");
    await visible(heading(page, /^Welcome, Lena/));
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.isVisible()).toBe(false);
    expect(await button(page, "Sign Out").isVisible()).toBe(false);
    await button(page, "Menu").click();
    await visible(nav);
    await visible(button(page, "Sign Out"));
    await nav.getByRole("link", { name: "Settings", exact: true }).click();
    await visible(heading(page, "Settings"));
    await gone(nav);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe("accessibility", () => {
  it("/auth in each of its modes has no serious or critical axe violations", async () => {
    const page = await e2e.newPage();
    for (const [query, h1] of [
      ["", "Sign In"],
      ["?mode=signup", "Create Account"],
      ["?mode=reset", "Reset Password"],
    ] as const) {
      await page.goto(`/auth${query}`);
      await visible(heading(page, h1));
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(serious, `/auth${query}`).toEqual([]);
    }
  });
});

describe("security headers", () => {
  it("come with every answer of the running portal: pages, the API and its errors", async () => {
    for (const [path, status] of [
      ["/", 200],
      ["/auth", 200],
      ["/healthz", 200],
      ["/rest/v1/projects", 401],
      ["/rest/v1/nothing-here", 401],
    ] as const) {
      const res = await fetch(new URL(path, e2e.portal.url));
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
      expect(res.headers.get("referrer-policy"), path).toBe("no-referrer");
    }
  });
});
