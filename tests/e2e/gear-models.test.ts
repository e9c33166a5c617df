import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../src/server/test/pdf-text.ts";
import { seriousAxe } from "./support/axe.ts";
import { usePortal } from "./support/fixtures.ts";
import { drawSignature } from "./support/signing.ts";
import { button, field, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

/** A `datetime-local` value `hours` from now; the browser runs in UTC. */
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 16);
const utcPage = () => e2e.newPage({ timezoneId: "UTC", viewport: { width: 1280, height: 900 } });

describe("gear by model", () => {
  it("a student books two tripods by model, the desk hands out two units against the borrower's signature, and the receipt names both", async () => {
    const student = await utcPage();
    await signIn(student, "student@portal.test");
    await student.goto("/equipment");
    await visible(heading(student, "Equipment"));
    await field(student, "Production").first().selectOption({ label: "Small Hours" });
    await field(student, "From").fill(inHours(26));
    await field(student, "Until").fill(inHours(50));
    await field(student, "Search").fill("Sachtler");
    await visible(student.getByRole("heading", { name: "By model", level: 2 }));
    const more = student.getByRole("button", { name: /^One more Sachtler/ });
    await more.click();
    await more.click();
    await visible(student.getByRole("status", { name: /^Sachtler .* to book$/ }).filter({ hasText: "2" }));
    await student.getByRole("button", { name: /^Request 1 reservation/ }).click();
    await toast(student, "Reservation requested");

    const office = await utcPage();
    await signIn(office, "equipment@portal.test");
    await office.goto("/equipment-admin");
    await visible(heading(office, "Equipment Administration"));
    await office
      .getByRole("list", { name: "Reservations" })
      .getByRole("listitem")
      .filter({ hasText: "Small Hours" })
      .filter({ hasText: "any unit" })
      .getByRole("button", { name: /^Approve the reservation of Lena Fischer/ })
      .click();
    await toast(office, "Reservation approved");

    // The desk types two units of the model (the free ones by tag), and the borrower signs once for both.
    await office.getByRole("tab", { name: "Desk" }).click();
    for (const tag of ["nfs-sup-001", "NFS-SUP-002"]) {
      await field(office, "Asset tag to check out").fill(tag);
      await button(office, "Add to the list").click();
    }
    const list = office.getByRole("list", { name: "To check out" });
    await visible(list.getByText("NFS-SUP-001", { exact: true }));
    await visible(list.getByText("NFS-SUP-002", { exact: true }));
    // Without a signature nothing goes out.
    await button(office, "Check out").click();
    await visible(office.getByRole("alert").filter({ hasText: "Borrower not present" }));

    const pad = office.getByLabel(/^Borrower's signature/);
    await drawSignature(pad);
    await button(office, "Check out").click();
    await visible(
      office.getByRole("status").filter({ hasText: "NFS-SUP-001, NFS-SUP-002 checked out for “Small Hours”" }),
    );
    expect(await seriousAxe(office)).toEqual([]);

    // The borrower downloads the signed receipt from the reservation.
    const mine = student.getByRole("listitem").filter({ hasText: "NFS-SUP-001" }).filter({ hasText: "NFS-SUP-002" });
    const link = mine.getByRole("link", { name: "Check-out receipt (PDF)" });
    await visible(link);
    const [download] = await Promise.all([student.waitForEvent("download"), link.click()]);
    const text = (await pdfText(new Uint8Array(readFileSync((await download.path())!)))).join(" ");
    expect(text).toContain("NFS-SUP-001");
    expect(text).toContain("NFS-SUP-002");
    expect(text).toContain("Lena Fischer");
    expect(text).toContain("Borrower's signature");
  });
});
