import { describe, it } from "vitest";
import { usePortal } from "./support/fixtures.ts";
import { button, gone, openProject, signIn, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("minors on set and safe working days", () => {
  it("the stripboard and the call sheet warn of a 12-hour day and of a minor's hour limit, and clear when the times change", async () => {
    const lead = await e2e.newPage();
    await signIn(lead, "amara.diallo@portal.test");
    await openProject(lead, "The Weight of Water");
    await lead.getByRole("tab", { name: "Schedule" }).click();

    // The demo's dawn shoot on the ferry wraps at 17:00, thirteen hours after its 04:00 call.
    const day3 = lead.locator("section", { has: lead.getByRole("list", { name: "Strips of Day 3" }) });
    const checks = day3.getByRole("list", { name: "Checks for this day" });
    const longDay = checks.getByText(/^Amara Diallo, .*: 13 h from call to wrap$/);
    const minorOver = checks.getByText("Hanna Brunner (age 17): 13 h on set, over the 10 h allowed at 16–17");
    await visible(longDay);
    await visible(minorOver);

    // Planning the wrap at 13:00 makes it a nine-hour day: both warnings go.
    await lead.getByRole("button", { name: "Edit Day 3" }).click();
    const dialog = lead.getByRole("dialog");
    await dialog.getByLabel("Estimated wrap (optional)").fill("1 pm");
    await dialog.getByLabel("Estimated wrap (optional)").press("Tab");
    await button(lead, "Save shoot day").click();
    await gone(longDay);
    await gone(minorOver);

    // On the call sheet, Hanna stays until 16:00: twelve hours, two over what a 17-year-old may work.
    await lead.getByRole("tab", { name: "Call sheets" }).click();
    await lead.getByRole("combobox", { name: "Shoot day" }).selectOption({ index: 2 });
    await visible(lead.getByRole("heading", { name: /day 3 of 3/ }));
    const wrap = lead.getByLabel("Wrap of INES");
    await wrap.fill("16:00");
    await wrap.press("Tab");
    await visible(lead.getByLabel("Chaperone or studio teacher of INES"));
    await button(lead, "Save calls, wraps and chaperones").click();
    const sheetChecks = lead.getByRole("list", { name: "Checks for this day" });
    await visible(sheetChecks.getByText("Hanna Brunner (age 17): 12 h on set, over the 10 h allowed at 16–17"));
    // Twelve hours is not over twelve: no working-day warning for her.
    await gone(sheetChecks.getByText(/from call to wrap/));

    // The cast list shows her status: consent signed, permit valid.
    await lead.getByRole("tab", { name: "Cast" }).click();
    await visible(
      lead.getByRole("form", { name: "INES" }).getByText(/Guardian's consent signed · work permit valid until/),
    );
  });
});
