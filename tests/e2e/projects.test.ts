import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { usePortal } from "./support/fixtures.ts";
import { button, expectPath, field, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

const tab = (page: Page, name: string | RegExp) => page.getByRole("tab", { name });
/** A labelled control inside `scope` (the page behind a modal keeps its own fields of the same names). */
const inside = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, "\\$&")}\\s*\\*?$`));

async function createDocumentary(page: Page, title: string): Promise<string> {
  await page.goto("/projects");
  await visible(heading(page, "Projects"));
  await button(page, "New Project").click();
  const dialog = page.getByRole("dialog", { name: "New Project" });
  await inside(dialog, "Title").fill(title);
  await dialog.getByLabel("Type").selectOption("documentary");
  await inside(dialog, "Course").fill("Documentary Practice");
  await inside(dialog, "Logline").fill("A harbour town listens to its last foghorn.");
  await inside(dialog, "Target runtime (minutes)").fill("18");
  await dialog.getByRole("checkbox", { name: "Director", exact: true }).check();
  await dialog.getByRole("checkbox", { name: "Researcher", exact: true }).check();
  await button(page, "Create Project").click();
  await toast(page, "Project created");
  await visible(heading(page, title));
  return new URL(page.url()).pathname;
}

describe("projects", () => {
  it("a student creates a project, finds a classmate in the directory for its crew, and the list finds it by its URL filters", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    const path = await createDocumentary(student, "Foghorn Elegy");
    await tab(student, /^Crew/).click();
    const crew = student.getByRole("tabpanel");
    await visible(crew.getByText("Lena Fischer", { exact: true }));
    await visible(crew.getByText("Lead", { exact: true }));
    await visible(crew.getByText("Director, Researcher", { exact: true }));

    await field(student, "Find a person").fill("Tomás");
    await student
      .getByRole("list", { name: "People found" })
      .getByRole("button", { name: /Tomás Novák/ })
      .click();
    await student.getByRole("checkbox", { name: "Editor", exact: true }).check();
    await button(student, "Add to Crew").click();
    await toast(student, "Crew member added");
    await visible(student.getByRole("tabpanel").getByText("Tomás Novák", { exact: true }));

    // The last lead cannot leave: the server's reason is shown.
    await button(student, "Remove Lena Fischer").click();
    await student.getByRole("dialog").getByRole("button", { name: "Remove", exact: true }).click();
    await toast(
      student,
      "Crew member not removed",
      "A project needs at least one lead: make someone else a lead first.",
    );

    await student.goto("/projects?search=Foghorn&type=documentary");
    await visible(student.getByRole("link", { name: "Foghorn Elegy" }).first());
    await student.getByRole("link", { name: "Foghorn Elegy" }).first().click();
    await expectPath(student, path);
  });

  it("records a documentary's participants, interviews and archival sources", async () => {
    const page = await e2e.newPage();
    await signIn(page, "student@portal.test");
    const path = await createDocumentary(page, "Salt Road Voices");

    await tab(page, "Participants").click();
    await field(page, "Name").fill("Ada Jensen");
    await field(page, "Description").fill("Salt worker for forty years");
    await button(page, "Add Participant").click();
    await toast(page, "Participant added");
    await visible(page.getByText("Consent: Pending", { exact: true }));

    await tab(page, "Interviews").click();
    await field(page, "Subject").fill("Ada on the last harvest");
    await page.getByRole("tabpanel").getByLabel("Participant").selectOption({ label: "Ada Jensen" });
    await field(page, "Place").fill("The salt pans");
    await button(page, "Add Interview").click();
    await toast(page, "Interview added");
    await visible(page.getByText(/The salt pans · with Ada Jensen/));

    await tab(page, "Archival sources").click();
    await field(page, "Title").fill("Harbour newsreel 1958");
    await field(page, "Source").fill("Regional film archive");
    await button(page, "Add Archival source").click();
    await toast(page, "Archival source added");
    await button(page, "Edit Harbour newsreel 1958").click();
    await page.getByRole("tabpanel").getByLabel("Licence").first().selectOption("licensed");
    await button(page, "Save").click();
    await toast(page, "Archival source saved");
    await visible(page.getByText("Licence: Licensed", { exact: true }));

    await page.goto("/projects/documentary?search=Salt%20Road");
    await visible(heading(page, "Documentary Projects"));
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Salt Road Voices" }) });
    await visible(row);
    expect(await row.getByRole("cell").nth(5).innerText()).toMatch(/^1\s+of 1$/);
    await page.goto(path);
    await visible(heading(page, "Salt Road Voices"));
  });

  it("a move into production with an incomplete greenlight is refused for a student and overridden by staff", async () => {
    const student = await e2e.newPage();
    await signIn(student, "student@portal.test");
    const path = await createDocumentary(student, "Tide Tables");
    await tab(student, "Phase").click();
    await student.getByLabel("Move to").selectOption("production");
    await field(student, "Reason").fill("We are ready to shoot");
    await button(student, "Move Phase").click();
    await toast(student, "Phase not changed");
    const refusal = student.getByRole("alert").filter({ hasText: "The greenlight checklist is not complete" });
    await visible(refusal.getByText("Supervisor sign-off", { exact: true }));
    expect(await student.getByLabel(/^Override reason/).count()).toBe(0);

    const staff = await e2e.newPage();
    await signIn(staff, "staff@portal.test");
    await staff.goto(`${path}?tab=phase`);
    await staff.getByLabel("Move to").selectOption("production");
    await field(staff, "Reason").fill("Shoot window with the tide");
    await button(staff, "Move Phase").click();
    await toast(staff, "Phase not changed");
    await field(staff, "Override reason").fill("The tide only allows this week; paperwork follows on Monday.");
    await button(staff, "Override and Move").click();
    await toast(staff, "Phase changed");
    await visible(staff.getByText(/^Greenlight overridden: The tide only allows this week/));
    await visible(staff.locator("header").getByText("Production", { exact: true }));
  });

  it("an unknown project id says so and leads back to the list", async () => {
    const page = await e2e.newPage();
    await signIn(page, "student@portal.test");
    await page.goto("/project/not-a-project");
    await visible(page.getByRole("heading", { name: "Project not found" }));
    await page.getByRole("link", { name: "Back to Projects" }).click();
    await expectPath(page, "/projects");
  });

  it("a list that could not be loaded says why and loads again on Try again", async () => {
    const page = await e2e.newPage();
    await signIn(page, "student@portal.test");
    let refuse = true;
    await page.route(
      (url) => url.pathname === "/rest/v1/projects",
      (route) =>
        // A 500, not a 503: a 503 is an outage, which api.ts waits out with its own notice instead of failing the list.
        refuse
          ? route.fulfill({
              status: 500,
              contentType: "application/json",
              body: JSON.stringify({ error: { code: "internal", message: "The projects table is being repaired." } }),
            })
          : route.continue(),
    );
    await page.goto("/projects");
    const alert = page.getByRole("alert").filter({ hasText: "The projects could not be loaded" });
    await visible(alert.getByText("The projects could not be loaded: The projects table is being repaired."));
    refuse = false;
    await alert.getByRole("button", { name: "Try again" }).click();
    await visible(page.getByRole("link", { name: "The Weight of Water" }).first());
    await alert.waitFor({ state: "detached" });
  });
});
