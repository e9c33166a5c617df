import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { maintenanceLog } from "../../db/schema/index.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { gearFixture, reserveGear } from "../../test/fixtures.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";

const SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe.each(DB_KINDS)("taking gear back at the desk as a signed list on %s", (kind) => {
  let p: TestPortal;
  let projectId: string;
  let categoryId: string;
  let seq = 0;
  const item = async (name = "Return tripod") => {
    const res = await p.as("equipment").post("/equipment/items", {
      categoryId,
      name,
      assetTag: `RTN-${++seq}`,
      valueMinor: 30_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; assetTag: string };
  };
  /** An approved reservation of the items, all handed out. */
  const out = async (items: { id: string; assetTag: string }[]) => {
    const id = await reserveGear(p, { projectId, itemIds: items.map((i) => i.id), from: 26, to: 40, approve: true });
    const handed = await p
      .as("equipment")
      .post("/equipment/desk/checkout", { assetTags: items.map((i) => i.assetTag), borrowerNotPresent: true });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    return id;
  };
  const receiptText = async (id: string, who: "member" | "equipment" = "member") => {
    const pdf = await p.as(who).get(`/equipment/reservations/${id}/receipts/check_in`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/return-receipt-/);
    return (await pdfText(pdf.bytes)).join(" ");
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    await p.signInAll();
    ({ projectId, categoryId } = await gearFixture(p, { title: "Return Short", category: "Return tripods" }));
  }, 120_000);
  afterAll(() => p?.close());

  it("takes a list back under one signature, damage to maintenance, and keeps a receipt naming tags and conditions", async () => {
    const [a, b] = [await item(), await item("Return light")];
    const id = await out([a, b]);

    const unsigned = await p.as("equipment").post("/equipment/desk/checkin", {
      items: [
        { assetTag: a.assetTag, condition: "good" },
        { assetTag: b.assetTag, condition: "damaged", notes: "Barn door bent" },
      ],
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error.message).toMatch(/Returned without a signature/);
    expect((await p.as("member").get(`/equipment/reservations/${id}`)).body.items[0].returnedAt).toBeNull();

    const back = await p.as("equipment").post("/equipment/desk/checkin", {
      items: [
        { assetTag: a.assetTag.toLowerCase(), condition: "fair", notes: "Leg lock stiff" },
        { assetTag: b.assetTag, condition: "damaged", notes: "Barn door bent" },
      ],
      signature: SIGNATURE,
      returnedBy: "Jonas Berg",
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.reservation.state).toBe("returned");
    expect(back.body.reservation.receipts).toEqual(["check_in", "check_out"]);
    expect(back.body.receiptUrls).toEqual([`/rest/v1/equipment/reservations/${id}/receipts/check_in`]);
    expect(back.body.message).toContain(`${a.assetTag}, ${b.assetTag} checked in for “Return Short”`);
    expect(
      Object.fromEntries(back.body.items.map((i: { assetTag: string; status: string }) => [i.assetTag, i.status])),
    ).toEqual({ [a.assetTag]: "available", [b.assetTag]: "maintenance" });
    const log = await p.services.db.select().from(maintenanceLog).where(eq(maintenanceLog.itemId, b.id));
    expect(log.map((l) => l.note)).toEqual(["Returned damaged from “Return Short”: Barn door bent"]);

    const text = await receiptText(id);
    expect(text).toContain("Equipment return receipt");
    expect(text).toContain(`${a.assetTag} Return tripod Fair Leg lock stiff`);
    expect(text).toContain(`${b.assetTag} Return light Damaged Barn door bent Damaged: sent to maintenance.`);
    expect(text).toContain("Returned by Jonas Berg");
    expect(text).toContain("Received by Priya Natarajan");
    expect(text).toContain("Signature of the person returning");
    expect(text).toContain("Nothing: every item handed out is back.");
    expect(text).not.toContain("Returned without a signature");
  });

  it("takes part of a reservation back: the rest stays out and is listed as still out on the receipt", async () => {
    const [a, b, c] = [await item(), await item(), await item("Return monitor")];
    const id = await out([a, b, c]);
    const part = await p.as("equipment").post("/equipment/desk/checkin", {
      items: [{ assetTag: a.assetTag, condition: "good" }],
      borrowerNotPresent: true,
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.reservation.state).toBe("checked_out");
    expect(part.body.message).toContain("2 more items of this reservation still out");
    const text = await receiptText(id, "equipment");
    expect(text).toContain(`Items returned (1) Asset tag Item Condition Notes ${a.assetTag} Return tripod Good`);
    expect(text).toContain(`Still out (2)`);
    expect(text).toContain(`${b.assetTag} Return tripod`);
    expect(text).toContain(`${c.assetTag} Return monitor`);
    expect(text).toContain("Returned without a signature");
    // The borrower is the one returning when the desk names nobody else.
    expect(text).toContain("Returned by Lena Fischer");

    // The one-item form is the list of one, with the same rule for signing.
    const rest = await p.as("equipment").post("/equipment/desk/checkin", {
      assetTag: b.assetTag,
      condition: "good",
      signature: SIGNATURE,
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.message).toContain(`(${b.assetTag}) checked in for “Return Short”. 1 more item`);
    expect(await receiptText(id)).toContain(`Still out (1) Asset tag Item Model ${c.assetTag}`);
  });

  it("refuses the whole list when one tag is not out, twice on it, or unknown, and changes nothing", async () => {
    const [a, idle] = [await item(), await item()];
    const id = await out([a]);
    const refuse = async (items: { assetTag: string; condition: string }[], status: number, message: RegExp) => {
      const res = await p.as("equipment").post("/equipment/desk/checkin", { items, borrowerNotPresent: true });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error.message).toMatch(message);
    };
    await refuse(
      [
        { assetTag: a.assetTag, condition: "good" },
        { assetTag: idle.assetTag, condition: "good" },
      ],
      409,
      new RegExp(`\\(${idle.assetTag}\\) is not checked out`),
    );
    await refuse(
      [
        { assetTag: a.assetTag, condition: "good" },
        { assetTag: a.assetTag.toLowerCase(), condition: "worn" },
      ],
      400,
      /on the return list twice/,
    );
    await refuse([{ assetTag: "RTN-NONE-1", condition: "good" }], 404, /No item carries the asset tag RTN-NONE-1/);
    await refuse([{ assetTag: a.assetTag, condition: "shiny" }], 400, /Condition is one of/);
    await refuse([], 400, /asset tag of what comes back/);
    const one = await p
      .as("equipment")
      .post("/equipment/desk/checkin", { assetTag: a.assetTag, borrowerNotPresent: true });
    expect(one.status).toBe(400);
    expect(one.body.error.message).toMatch(/condition the item comes back in/);

    const still = (await p.as("member").get(`/equipment/reservations/${id}`)).body;
    expect(still.state).toBe("checked_out");
    expect(still.items[0].returnedAt).toBeNull();
    expect(still.receipts).toEqual(["check_out"]);
    expect((await p.as("member").get(`/equipment/reservations/${id}/receipts/check_in`)).status).toBe(404);
  });

  it("lets the borrower, the crew and the office read the return receipt, and nobody else", async () => {
    const a = await item();
    const id = await out([a]);
    expect(
      (
        await p.as("equipment").post("/equipment/desk/checkin", {
          items: [{ assetTag: a.assetTag, condition: "good" }],
          signature: SIGNATURE,
        })
      ).status,
    ).toBe(200);
    for (const who of ["member", "equipment", "admin"] as const)
      expect((await p.as(who).get(`/equipment/reservations/${id}/receipts/check_in`)).status, who).toBe(200);
    for (const who of ["outsider", "staff"] as const) {
      const res = await p.as(who).get(`/equipment/reservations/${id}/receipts/check_in`);
      expect([403, 404], who).toContain(res.status);
    }
    // Only the office takes gear back.
    const b = await item();
    await out([b]);
    const member = await p.as("member").post("/equipment/desk/checkin", {
      items: [{ assetTag: b.assetTag, condition: "good" }],
      signature: SIGNATURE,
    });
    expect(member.status).toBe(403);
  });
});
