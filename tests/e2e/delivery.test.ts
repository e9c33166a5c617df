import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../src/server/test/pdf-text.ts";
import { usePortal } from "./support/fixtures.ts";
import { openProject, signIn, visible } from "./support/ui.ts";

const e2e = usePortal();
const INDEX = "0-index.pdf";

describe("wrap and delivery", () => {
  it("a crew member opens the wrapped film's delivery, downloads its archive, and its index lists every file with its hash", async () => {
    const lena = await e2e.newPage();
    await signIn(lena, "student@portal.test");
    await openProject(lena, "Understudy");
    await lena.getByRole("tab", { name: "Delivery" }).click();
    await visible(lena.getByRole("heading", { name: "Delivery checklist", level: 2 }));
    const items = lena.getByRole("list", { name: "Delivery items" });
    await visible(items.getByText("Signed for 1 scheduled location and 2 cast members."));
    await visible(items.getByText(/Ticked by Lena Fischer: DCP and ProRes sent/));
    await visible(lena.getByText(/Delivery signed off by Daniel Reyes/));

    const [download] = await Promise.all([
      lena.waitForEvent("download"),
      lena.getByRole("link", { name: "Download Archive (ZIP)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Understudy-archive.zip");
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const names = Object.keys(files).filter((n) => n !== INDEX);
    expect(names).toEqual(
      expect.arrayContaining([
        "2-releases/Talent-release-Clara-Voss.pdf",
        "4-permits/Theatre-filming-permit.pdf",
        "5-certificates/Certificate-of-insurance-Studio-Theatre.pdf",
      ]),
    );
    expect(names.some((n) => n.startsWith("7-call-sheets/Day-01-"))).toBe(true);
    const index = (await pdfText(files[INDEX]!)).join(" ");
    expect(index).toContain("Archive: Understudy");
    expect(index).toContain("Signed off by Daniel Reyes");
    for (const name of names) {
      expect(index).toContain(name);
      expect(index).toContain(createHash("sha256").update(files[name]!).digest("hex"));
    }

    // The download is on the project's record.
    await lena.getByRole("tab", { name: "Activity" }).click();
    await visible(lena.getByText(/Lena Fischer downloaded the archive \(\d+ files and the index\)/));
  });
});
