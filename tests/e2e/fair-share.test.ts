import { describe, expect, it, vi } from "vitest";
import { seriousAxe } from "./support/axe.ts";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { button, field, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

/** A `datetime-local` value `days` from now at midnight UTC; the browsers run in UTC. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10) + "T00:00";

describe("request windows", () => {
  it("the office opens a window, a student requests, the office draws, the student reads the result explained", async () => {
    const office = await e2e.newPage({ timezoneId: "UTC", viewport: { width: 1280, height: 900 } });
    await signIn(office, "equipment@portal.test");
    await office.goto("/equipment-admin?tab=windows");
    await visible(office.getByRole("heading", { name: "Open a request window" }));
    await field(office, "Window name").fill("Festival weekend");
    await field(office, "Period from").fill(inDays(20));
    await field(office, "Period until").fill(inDays(22));
    await field(office, "Requests until").fill(inDays(10));
    await office.getByLabel("Grip", { exact: true }).check();
    await office.getByLabel("FILM-201 · Fiction Workshop II", { exact: true }).check();
    await visible(office.getByText("1. FILM-201, then every other course"));
    await button(office, "Open the window").click();
    await toast(office, "Request window opened");
    const officeCard = office.getByRole("article", { name: "Festival weekend" });
    await visible(officeCard.getByText("Contested: Grip (0 requests)"));

    // The student, on a phone.
    const student = await e2e.newPage({ timezoneId: "UTC", viewport: { width: 390, height: 844 } });
    await signIn(student, "student@portal.test");
    await student.goto("/equipment");
    const card = student.getByRole("article", { name: "Festival weekend" });
    await visible(card);
    await card.getByLabel("Production").selectOption({ label: "Small Hours" });
    await card.getByLabel("What you need").selectOption({ label: "One of Grip" });
    await card.getByRole("button", { name: "Request for the period" }).click();
    await toast(student, "Request sent");
    await visible(card.getByRole("listitem").filter({ hasText: "Small Hours" }).getByText("Waiting for the draw"));
    expect(await seriousAxe(student)).toEqual([]);

    // The office sees the request arrive, closes the requests and draws.
    await visible(officeCard.getByText("Contested: Grip (1 request)"));
    await officeCard.getByRole("button", { name: "Close requests now" }).click();
    await toast(office, "Requests closed");
    await officeCard.getByRole("button", { name: "Draw the lottery" }).click();
    await office.getByRole("dialog").getByRole("button", { name: "Draw the lottery" }).click();
    await toast(office, "Lottery drawn");
    await visible(officeCard.getByText("Drawn", { exact: true }));
    expect(await seriousAxe(office)).toEqual([]);

    // The student's page follows without a reload, with the result in words, and holds the reservation.
    const result = card.getByRole("listitem").filter({ hasText: "Small Hours" });
    await visible(result.getByText("Allotted", { exact: true }));
    await visible(
      result.getByText(
        /^Your course FILM-201 had priority 1; 1 request for \d+ × Grip; you were drawn 1st: you got .+ \(NFS-GRP-\d+\)\.$/,
      ),
    );
    const reservation = student
      .getByRole("listitem")
      .filter({ hasText: "Allotted by the lottery of “Festival weekend”" });
    await visible(reservation.getByText("Approved", { exact: true }));
    const overflow = await student.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });

  it("the office corrects one window's deadline and cancels another; the student reads the cancellation", async () => {
    // The office on a phone here: the first test has it at a desk.
    const office = await e2e.newPage({ timezoneId: "UTC", viewport: { width: 390, height: 844 } });
    await signIn(office, "equipment@portal.test");
    await office.goto("/equipment-admin?tab=windows");
    const openOne = async (name: string, from: number, deadline: number) => {
      await field(office, "Window name").fill(name);
      await field(office, "Period from").fill(inDays(from));
      await field(office, "Period until").fill(inDays(from + 2));
      await field(office, "Requests until").fill(inDays(deadline));
      await office.getByLabel("Grip", { exact: true }).check();
      await button(office, "Open the window").click();
      await toast(office, "Request window opened");
    };
    await openOne("Graduation shoot", 50, 45);
    await openOne("Wrong weekend", 60, 55);

    // The office corrects the deadline in the same form, filled in.
    const graduation = office.getByRole("article", { name: "Graduation shoot" });
    const form = office.getByRole("form", { name: "Correct “Graduation shoot”" });
    // On PostgreSQL the windows tab may be drawn again once as the first test's events arrive, closing the form
    // (issue 19's stop note): the office opens it again, as a person would.
    await vi.waitFor(
      async () => {
        if (!(await form.isVisible())) await graduation.getByRole("button", { name: "Correct" }).dispatchEvent("click");
        expect(await form.getByLabel("Window name").inputValue({ timeout: 2_000 })).toBe("Graduation shoot");
      },
      { timeout: UI_TIMEOUT, interval: 500 },
    );
    expect(await form.getByLabel("Requests until").inputValue()).toBe(inDays(45));
    expect(await form.getByLabel("Grip", { exact: true }).isChecked()).toBe(true);
    await form.getByLabel("Requests until").fill(inDays(40));
    await form.getByRole("button", { name: "Save the window" }).click();
    await toast(office, "Request window saved");
    await visible(office.getByRole("form", { name: "Open a request window" }));
    const deadline = new Date(inDays(40) + ":00Z").toISOString();
    await expect
      .poll(async () => {
        const all = await (await office.request.get("/rest/v1/equipment/windows")).json();
        return all.find((w: { name: string }) => w.name === "Graduation shoot")?.deadline;
      })
      .toBe(deadline);

    // A student requests in the other window, on a phone.
    const student = await e2e.newPage({ timezoneId: "UTC", viewport: { width: 390, height: 844 } });
    await signIn(student, "student@portal.test");
    await student.goto("/equipment");
    const card = student.getByRole("article", { name: "Wrong weekend" });
    await card.getByLabel("Production").selectOption({ label: "Small Hours" });
    await card.getByLabel("What you need").selectOption({ label: "One of Grip" });
    await card.getByRole("button", { name: "Request for the period" }).click();
    await toast(student, "Request sent");

    // The office cancels it, with a reason.
    const wrong = office.getByRole("article", { name: "Wrong weekend" });
    await visible(wrong.getByText("Contested: Grip (1 request)"));
    await wrong.getByRole("button", { name: "Cancel the window" }).click();
    const dialog = office.getByRole("dialog");
    await dialog.getByLabel("Reason (optional)").fill("We typed the wrong weekend.");
    await dialog.getByRole("button", { name: "Cancel the window" }).click();
    await toast(office, "Request window cancelled");
    await visible(wrong.getByText("Cancelled", { exact: true }));
    await expect.poll(() => wrong.getByRole("button", { name: "Correct" }).count()).toBe(0);
    expect(await seriousAxe(office)).toEqual([]);
    expect(await office.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    // The student's page follows without a reload, and the notice says why.
    await visible(card.getByText("Cancelled", { exact: true }));
    await visible(card.getByText(/: We typed the wrong weekend\. Its requests were withdrawn/));
    await expect.poll(() => card.getByRole("button", { name: "Request for the period" }).count()).toBe(0);
    await student.getByRole("button", { name: /^Notifications, / }).click();
    await visible(
      student.getByRole("dialog", { name: "Notifications" }).getByText("Request window “Wrong weekend” was cancelled"),
    );
    const overflow = await student.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });

  it("the booking form shows a course's limit, named, beside the request it refuses", async () => {
    // Experimental Forms allows 2 bookings at a time per project in the demo school.
    const student = await e2e.newPage({ timezoneId: "UTC", viewport: { width: 390, height: 844 } });
    await signIn(student, "student@portal.test");
    await student.goto("/equipment");
    await field(student, "Production").first().selectOption({ label: "Forty Windows" });
    await field(student, "From").fill(inDays(30));
    await field(student, "Until").fill(inDays(31));
    const book = async (tag: string) => {
      await field(student, "Search").fill(tag);
      await student
        .getByRole("list", { name: "Catalogue" })
        .getByRole("listitem")
        .filter({ hasText: tag })
        .getByRole("button", { name: /^Add / })
        .click();
      await student.getByRole("button", { name: "Request 1 reservation" }).click();
    };
    await book("NFS-SUP-001");
    await toast(student, "Reservation requested");
    await book("NFS-SUP-002");
    await toast(student, "Reservation requested");
    await book("NFS-SUP-003");
    await visible(
      student
        .getByRole("alert")
        .filter({ hasText: /^Your course EXP-220 allows 2 bookings at a time per project; “Forty Windows” has 2: / }),
    );
  });

  it("the office sets a course's fair share on its tab, read back in words", async () => {
    const office = await e2e.newPage({ timezoneId: "UTC", viewport: { width: 390, height: 844 } });
    await signIn(office, "equipment@portal.test");
    await office.goto("/equipment-admin?tab=fair-share");
    const form = office.getByRole("form", { name: "Fair share of DOC-210" });
    await visible(form);
    await form.getByLabel("Bookings at a time").fill("3");
    await form.getByLabel("Booked days per week").fill("5");
    await form.getByLabel("Days counted").selectOption({ label: "per project" });
    await form.getByRole("button", { name: "Save limits" }).click();
    await toast(
      office,
      "Fair share saved",
      "DOC-210: 3 bookings at a time per student; 5 booked days per week per project.",
    );
    expect(await seriousAxe(office)).toEqual([]);
    const overflow = await office.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});
