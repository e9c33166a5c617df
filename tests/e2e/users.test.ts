import { describe, expect, it } from "vitest";
import { usePortal, UI_TIMEOUT } from "./support/fixtures.ts";
import { button, field, heading, signIn, toast, visible } from "./support/ui.ts";

const e2e = usePortal();

describe("user management", () => {
  it("changes a role, and deactivating someone signs them out at once", async () => {
    const jun = await e2e.newPage();
    await signIn(jun, "jun.park@portal.test");
    await visible(heading(jun, /^Welcome, Jun/));

    const admin = await e2e.newPage();
    await signIn(admin, "admin@portal.test");
    await admin.goto("/user-management");
    await visible(heading(admin, "User Management"));
    await admin.getByLabel("Role of Sofia Marchetti").selectOption("staff");
    await toast(admin, "Role changed", "Sofia Marchetti is now staff.");

    await button(admin, "Deactivate Jun Park").click();
    await admin.getByRole("dialog").getByRole("button", { name: "Deactivate", exact: true }).click();
    await toast(admin, "Account deactivated");

    // Jun's open tab learns it at once (realtime), without a reload, and a new sign-in is refused.
    await visible(heading(jun, "Sign In"));
    await field(jun, "Email").fill("jun.park@portal.test");
    await field(jun, "Password").fill("portal-demo");
    await button(jun, "Sign In").click();
    await toast(jun, "Sign in failed", /deactivated/);

    await admin.getByRole("tab", { name: "Audit Log" }).click();
    await visible(admin.getByText(/deactivated Jun Park/));
    await visible(admin.getByText(/changed the role of Sofia Marchetti .* from student to staff/));
  });

  it("invites someone by e-mail; the link from the SMTP peer lets them join, once", async () => {
    const admin = await e2e.newPage();
    await signIn(admin, "admin@portal.test");
    await admin.goto("/user-management");
    await admin.getByRole("tab", { name: "Invitations" }).click();
    await field(admin, "E-mail to invite").fill("ines.moreau@school.test");
    await admin.getByLabel("Role", { exact: true }).selectOption("staff");
    await button(admin, "Send Invitation").click();
    await toast(admin, "Invitation sent");

    await expect.poll(() => e2e.smtp.to("ines.moreau@school.test").length, { timeout: UI_TIMEOUT }).toBe(1);
    const mail = e2e.smtp.to("ines.moreau@school.test")[0]!;
    expect(mail.subject).toBe("You are invited to The Portal");
    const link = /(http\S+\/accept-invitation\?token=[\w%-]+)/.exec(mail.text)![1]!;

    const ines = await e2e.newPage();
    await ines.goto(link);
    await visible(heading(ines, "Join The Portal"));
    await field(ines, "Full Name").fill("Ines Moreau");
    await field(ines, "Password").fill("ines-pass");
    await field(ines, "Confirm Password").fill("ines-pass");
    await button(ines, "Create My Account").click();
    await visible(heading(ines, /^Welcome, Ines/));

    await ines.goto(link);
    await visible(heading(ines, "This Invitation Cannot Be Used"));

    await admin.reload();
    await admin.getByRole("tab", { name: "Invitations" }).click();
    await visible(admin.getByText(/Staff · accepted/));
  });

  it("tells a student that accounts are managed by administrators", async () => {
    const page = await e2e.newPage();
    await signIn(page, "student@portal.test");
    await page.goto("/user-management");
    await visible(page.getByText(/Only the school's administrators manage accounts/));
  });
});
