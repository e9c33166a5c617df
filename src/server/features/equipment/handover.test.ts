import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text.ts";
import { startTestPortal, type TestPortal } from "../../test/harness.ts";

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe("signed hand-over receipts at the desk", () => {
  let p: TestPortal;
  let projectId: string;
  let categoryId: string;
  let seq = 0;
  const item = async () => {
    const res = await p.as("equipment").post("/equipment/items", {
      categoryId,
      name: "Receipt tripod",
      assetTag: `RCPT-${++seq}`,
      valueMinor: 30_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; assetTag: string };
  };
  const approved = async (itemIds: string[]) => {
    const r = await p.as("member").post("/equipment/reservations", {
      projectId,
      startsAt: at(26),
      endsAt: at(40),
      itemIds,
      kitIds: [],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await p.as("equipment").post(`/equipment/reservations/${r.body.id}/approve`)).status).toBe(200);
    return r.body.id as string;
  };

  beforeAll(async () => {
    p = await startTestPortal("pglite");
    await p.signInAll();
    const project = await p.as("member").post("/projects", {
      title: "Receipt Short",
      type: "fiction",
      academicYear: "2031/32",
      myRoles: ["director"],
    });
    projectId = project.body.id;
    categoryId = (await p.as("equipment").post("/equipment/categories", { name: "Receipt tripods" })).body.id;
  }, 120_000);
  afterAll(() => p?.close());

  it("hands a list out only with the borrower's signature, and keeps it as a receipt naming every tag", async () => {
    const [a, b] = [await item(), await item()];
    const id = await approved([a.id, b.id]);
    const unsigned = await p.as("equipment").post("/equipment/desk/checkout", { assetTags: [a.assetTag, b.assetTag] });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error.message).toMatch(/Borrower not present/);
    expect((await p.as("equipment").get(`/equipment/reservations/${id}`)).body.items[0].checkedOutAt).toBeNull();
    const notPng = await p
      .as("equipment")
      .post("/equipment/desk/checkout", { assetTags: [a.assetTag], signature: "data:image/png;base64,AAAA" });
    expect(notPng.status).toBe(400);

    const out = await p
      .as("equipment")
      .post("/equipment/desk/checkout", { assetTags: [a.assetTag, b.assetTag.toLowerCase()], signature: SIGNATURE });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.receiptUrl).toBe(`/rest/v1/equipment/reservations/${id}/receipts/check_out`);
    expect(out.body.reservation.items.every((i: { checkedOutAt: string | null }) => i.checkedOutAt)).toBe(true);

    const pdf = await p.as("member").get(`/equipment/reservations/${id}/receipts/check_out`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = (await pdfText(pdf.bytes)).join(" ");
    expect(text).toContain(a.assetTag);
    expect(text).toContain(b.assetTag);
    expect(text).toContain("Borrower's signature");
    expect(text).not.toContain("Borrower not present");
    // Someone outside the production and the office cannot read it.
    expect((await p.as("outsider").get(`/equipment/reservations/${id}/receipts/check_out`)).status).toBe(404);
    expect((await p.as("member").get(`/equipment/reservations/${id}/receipts/check_in`)).status).toBe(404);
  });

  it("hands out without a signature when the office ticks that the borrower is not present, and says so", async () => {
    const c = await item();
    const id = await approved([c.id]);
    const out = await p
      .as("equipment")
      .post("/equipment/desk/checkout", { assetTag: c.assetTag, borrowerNotPresent: true });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const text = (
      await pdfText((await p.as("equipment").get(`/equipment/reservations/${id}/receipts/check_out`)).bytes)
    ).join(" ");
    expect(text).toContain(c.assetTag);
    expect(text).toContain("Borrower not present");
    // Only the office runs the desk.
    expect(
      (await p.as("member").post("/equipment/desk/checkout", { assetTag: c.assetTag, signature: SIGNATURE })).status,
    ).toBe(403);
  });
});
