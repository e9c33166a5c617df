import { describe, expect, it } from "vitest";
import { formatPages } from "../../src/common/eighths.ts";
import type { ScheduleDto } from "../../src/common/schedule.ts";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, heading, openProject, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

const LINK = /\/call-sheet-confirm\/[0-9a-f-]+\?token=[A-Za-z0-9_-]+/;

describe("schedule", () => {
  it("the lead moves a strip into another day with the keyboard, sends a call sheet, and a crew member confirms from the mailed link", async () => {
    const lead = await e2e.newPage();
    await signIn(lead, "amara.diallo@portal.test");
    const projectId = await openProject(lead, "The Weight of Water");
    await lead.getByRole("tab", { name: "Schedule" }).click();

    // Scene 4 is on day 3; Space picks it up, ArrowLeft carries it to day 2, Space drops it there.
    const day2 = lead.getByRole("list", { name: "Strips of Day 2" });
    await visible(day2.getByRole("listitem").first());
    const strip = lead.getByRole("list", { name: "Strips of Day 3" }).locator('[data-strip="4"]');
    await strip.focus();
    await lead.keyboard.press("Space");
    await expect
      .poll(() => lead.getByRole("status").filter({ hasText: "Picked up scene 4" }).count(), { timeout: UI_TIMEOUT })
      .toBe(1);
    await lead.keyboard.press("ArrowLeft");
    await lead.keyboard.press("Space");
    await visible(
      lead
        .getByRole("status")
        .filter({ hasText: /Dropped scene 4, EXT\. FERRY DECK - DAWN in Day 2, position \d of 3/ }),
    );
    await visible(day2.locator('[data-strip="4"]'));
    // The day's total is its strips' pages, as the script's layout measures them.
    const board = (await lead.evaluate(
      async (id) => (await fetch(`/rest/v1/projects/${id}/schedule`)).json(),
      projectId,
    )) as ScheduleDto;
    const dayTwo = board.days.find((d) => d.number === 2)!;
    expect(dayTwo.strips.map((st) => st.number)).toContain("4");
    await expect
      .poll(() => lead.locator("section", { has: day2 }).locator("[data-total]").textContent(), { timeout: UI_TIMEOUT })
      .toBe(`3 scenes · ${formatPages(dayTwo.strips.reduce((n, st) => n + st.eighths, 0))}`);
    // It was saved: a reload shows it where it was dropped, and day 3 is empty.
    await lead.reload();
    await visible(lead.getByRole("list", { name: "Strips of Day 2" }).locator('[data-strip="4"]'));
    await visible(lead.getByRole("list", { name: "Strips of Day 3" }).getByText("Drag strips here."));

    // Cast the youngest child; the Day Out of Days names the actor under the character.
    await lead.getByRole("tab", { name: "Cast" }).click();
    const youngest = lead.getByRole("form", { name: "YOUNGEST" });
    await youngest.getByLabel("Actor", { exact: true }).fill("Emil Brunner");
    await youngest.getByLabel("E-mail", { exact: true }).fill("emil.brunner@example.com");
    await youngest.getByRole("button", { name: "Save" }).click();
    await toast(lead, "Emil Brunner plays YOUNGEST.");
    // Cast IDs run by first appearance until the producer moves a character; the strips print them.
    const castIds = lead.getByRole("region", { name: "Cast IDs" });
    const names = await castIds.getByRole("listitem").allTextContents();
    const at = names.findIndex((n) => n.includes("YOUNGEST"));
    expect(at).toBeGreaterThan(0);
    await castIds.getByRole("button", { name: "Move YOUNGEST up" }).click();
    await toast(lead, `YOUNGEST is now cast ID ${at}.`);
    await visible(castIds.getByText("In the order you set."));
    await lead.reload();
    await lead.getByRole("tab", { name: "Cast" }).click();
    await expect
      .poll(
        async () =>
          (await castIds
            .getByRole("listitem")
            .nth(at - 1)
            .textContent()) ?? "",
        { timeout: UI_TIMEOUT },
      )
      .toContain("YOUNGEST");
    await lead.getByRole("tab", { name: "Stripboard" }).click();
    await visible(
      lead
        .locator("[data-strip]")
        .getByText(/^Cast \d+(, \d+)*$/)
        .first(),
    );
    await lead.getByRole("tab", { name: "Day Out of Days" }).click();
    await visible(lead.getByRole("rowheader", { name: `${at} YOUNGEST Emil Brunner` }));
    await lead.getByRole("tab", { name: "Cast" }).click();
    await castIds.getByRole("button", { name: "Number by first appearance" }).click();
    await toast(lead, "Cast IDs numbered by first appearance.");

    // Send day 1's call sheet to the crew.
    await lead.getByRole("tab", { name: "Call sheets" }).click();
    await lead.getByRole("combobox", { name: "Shoot day" }).selectOption({ index: 0 });
    await visible(lead.getByRole("heading", { name: /day 1 of 3/ }));
    await button(lead, "Send call sheet").click();
    await lead.getByRole("dialog").getByRole("button", { name: "Send call sheet" }).click();
    // The crew of four, and Hanna Brunner, who plays Ines in the day's scene and gave her e-mail address.
    await toast(lead, "Call sheet sent to 5 people.");

    const dayOne = () => e2e.smtp.to("jun.park@portal.test").filter((m) => m.text.includes("Call sheet for day 1"));
    await expect.poll(() => dayOne().length, { timeout: UI_TIMEOUT }).toBe(1);
    const mail = dayOne()[0]!;
    expect(mail.text).toContain("Your call: 17:00");
    const link = LINK.exec(mail.text)![0];

    // The link works without signing in.
    const crew = await e2e.newPage();
    await crew.goto(link);
    await visible(heading(crew, "Call sheet"));
    await visible(crew.getByText("For Jun Park"));
    await button(crew, "Confirm I have the call sheet").click();
    await visible(crew.getByRole("status").filter({ hasText: /^Confirmed on/ }));

    // The lead sees the confirmation on the call sheet page.
    const junRow = lead.getByRole("row", { name: /Jun Park/ });
    await expect.poll(async () => (await junRow.textContent()) ?? "", { timeout: UI_TIMEOUT }).not.toContain("Not yet");
    await visible(lead.getByRole("heading", { name: /Sent to 5 \(1 confirmed\)/ }));
  });

  it("the call sheet names crew roles as the school does, and the actor's mail and page give the map, hospital, weather, contacts and their own scenes", async () => {
    const lead = await e2e.newPage();
    await signIn(lead, "amara.diallo@portal.test");
    const projectId = await openProject(lead, "The Weight of Water");
    const schedule = (await (await lead.request.get(`/rest/v1/projects/${projectId}/schedule`)).json()) as {
      days: { id: string; version: number; location: string }[];
    };
    const flat = schedule.days.find((d) => d.location === "Harbour flat")!;
    const patched = await lead.request.patch(`/rest/v1/projects/${projectId}/schedule/days/${flat.id}`, {
      data: {
        version: flat.version,
        weather: "Rain from 20:00, 9 °C",
        hospital: "Kantonsspital, Rämistrasse 100 (8 min)",
      },
    });
    expect(patched.status()).toBe(200);

    await lead.getByRole("tab", { name: "Schedule" }).click();
    await lead.getByRole("tab", { name: "Call sheets" }).click();
    await lead.getByRole("combobox", { name: "Shoot day" }).selectOption({ index: 0 });
    await visible(lead.getByRole("heading", { name: /day 1 of 3/ }));
    const crew = lead.locator("section", { has: lead.getByRole("heading", { name: "Crew", exact: true }) });
    await visible(crew.getByText("Jun Park · Director of photography"));
    await visible(crew.getByText("Amara Diallo · Director, Writer"));
    expect(await crew.getByText(/· dp$/).count()).toBe(0);

    // The first test sent day 1 already.
    await lead.getByRole("button", { name: /^Send call sheet( again)?$/ }).click();
    await lead.getByRole("dialog").getByRole("button", { name: "Send call sheet" }).click();
    await toast(lead, /^Call sheet sent to/);
    const actorMail = () =>
      e2e.smtp.to("hanna.brunner@example.com").filter((m) => m.text.includes("Call sheet for day 1"));
    await expect
      .poll(() => actorMail().filter((m) => m.text.includes("Kantonsspital")).length, { timeout: UI_TIMEOUT })
      .toBe(1);
    const mail = actorMail().find((m) => m.text.includes("Kantonsspital"))!;
    expect(mail.text).toContain("https://www.openstreetmap.org/search?query=Seestrasse%2012%2C%202nd%20floor");
    expect(mail.text).toContain("Nearest hospital: Kantonsspital, Rämistrasse 100 (8 min)");
    expect(mail.text).toContain("Weather: Rain from 20:00, 9 °C");
    expect(mail.text).toMatch(/Producer: [^\n]*@portal\.test/);
    expect(mail.text).toContain("Your scenes: 3.");

    const actor = await e2e.newPage();
    await actor.goto(LINK.exec(mail.text)![0]);
    await visible(heading(actor, "Call sheet"));
    const map = actor.getByRole("link", { name: /Seestrasse 12, 2nd floor/ });
    expect(await (await visible(map)).getAttribute("href")).toBe(
      "https://www.openstreetmap.org/search?query=Seestrasse%2012%2C%202nd%20floor",
    );
    await visible(actor.getByText("Kantonsspital, Rämistrasse 100 (8 min)"));
    await visible(actor.getByText("Rain from 20:00, 9 °C"));
    const contacts = actor.getByRole("list", { name: "Production contacts" });
    await visible(contacts.getByText(/^Director/).first());
    await visible(contacts.getByText(/^Producer/).first());
    await visible(
      actor
        .getByRole("list", { name: "Scenes of the day" })
        .getByRole("listitem")
        .filter({ hasText: "Your scene" })
        .filter({ hasText: "HARBOUR FLAT" }),
    );
  });

  it("a student outside the crew prints the breakdown sheets and the one-liner from the schedule tab", async () => {
    const student = await e2e.newPage();
    await signIn(student, "tomas.novak@portal.test");
    await openProject(student, "The Weight of Water");
    await student.getByRole("tab", { name: "Schedule" }).click();
    for (const [name, file] of [
      ["Print breakdown sheets", "breakdown-sheets.pdf"],
      ["Print one-liner", "one-liner.pdf"],
    ] as const) {
      const link = student.getByRole("link", { name });
      await visible(link);
      const [download] = await Promise.all([student.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe(file);
      const res = await student.request.get((await link.getAttribute("href"))!);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("application/pdf");
      expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
    }
  });

  it("saves two strips moved quickly one after the other, the second while the first is still being saved", async () => {
    const lead = await e2e.newPage();
    await signIn(lead, "amara.diallo@portal.test");
    const projectId = await openProject(lead, "The Weight of Water");
    await lead.getByRole("tab", { name: "Schedule" }).click();
    const read = async () =>
      (await lead.evaluate(
        async (id) => (await fetch(`/rest/v1/projects/${id}/schedule`)).json(),
        projectId,
      )) as ScheduleDto;
    const before = await read();
    const first = before.days[0]!.strips[0]!.number;
    const second = before.days[1]!.strips.at(-1)!.number;
    const move = async (day: number, number: string, key: string) => {
      const strip = lead.getByRole("list", { name: `Strips of Day ${day}` }).locator(`[data-strip="${number}"]`);
      await strip.focus();
      await lead.keyboard.press("Space");
      await lead.keyboard.press(key);
      await lead.keyboard.press("Space");
    };
    // No waiting between the two: the second move is made while the first is on its way.
    await move(1, first, "ArrowRight");
    await move(2, second, "ArrowRight");
    await expect
      .poll(
        async () => {
          const now = await read();
          return [
            now.days[1]!.strips.some((st) => st.number === first),
            now.days[2]!.strips.some((st) => st.number === second),
          ];
        },
        { timeout: UI_TIMEOUT },
      )
      .toEqual([true, true]);
    expect(await lead.getByText(/changed the stripboard/).count()).toBe(0);
  });
});
