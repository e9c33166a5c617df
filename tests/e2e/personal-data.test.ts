import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ERASED_NAME } from "../../src/common/users.ts";
import { usePortal } from "./support/fixtures.ts";
import { button, field, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("a person's data", () => {
  it("an admin exports a person's data, then erases them after a dialog that says what happens", async () => {
    const noor = await e2e.newPage();
    await signIn(noor, "noor.haddad@portal.test");
    await visible(heading(noor, /^Welcome, Noor/));

    const admin = await e2e.newPage();
    await signIn(admin, "admin@portal.test");
    await admin.goto("/user-management");
    await visible(heading(admin, "User Management"));
    await admin.getByLabel("Search").fill("Noor");
    const row = admin.getByRole("row").filter({ hasText: "Noor Haddad" });
    await visible(row);

    const [download] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("link", { name: "Export the data of Noor Haddad" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("personal-data-noor-haddad.zip");
    const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const data = JSON.parse(strFromU8(zip["personal-data.json"]!));
    expect(data.person).toMatchObject({ fullName: "Noor Haddad", email: "noor.haddad@portal.test" });
    expect(data.tables.project_members.length).toBeGreaterThan(0);

    await button(admin, "Erase Noor Haddad").click();
    const dialog = admin.getByRole("dialog", { name: "Erase Noor Haddad for good?" });
    await visible(dialog.getByText(`Their name is replaced by “${ERASED_NAME}” everywhere`));
    await visible(dialog.getByText(/can never sign in again/));
    await visible(dialog.getByText(/Documents they signed or uploaded, budgets and decisions stay/));
    await dialog.getByRole("button", { name: "Erase this person" }).click();
    await toast(admin, "Noor Haddad erased", new RegExp(`Shown as “${ERASED_NAME}”`));

    // Noor's open tab is signed out at once, and the old address no longer signs in.
    await visible(heading(noor, "Sign In"));
    await field(noor, "Email").fill("noor.haddad@portal.test");
    await field(noor, "Password").fill("portal-demo");
    await button(noor, "Sign In").click();
    await toast(noor, "Sign in failed");

    await admin.getByLabel("Search").fill("");
    await admin.getByLabel("State").selectOption("deactivated");
    await visible(admin.getByRole("row").filter({ hasText: ERASED_NAME }));
    await admin.getByRole("tab", { name: "Audit Log" }).click();
    // Erasure reached the log too: the export is listed under the name that replaced hers.
    await visible(admin.getByText(`exported the personal data of ${ERASED_NAME}`));
    await visible(admin.getByText(/erased a person who left/));
  });
});
