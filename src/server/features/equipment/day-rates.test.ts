import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { inArray } from "drizzle-orm";
import { ITEM_VALUE_MAX } from "../../../common/equipment.ts";
import { equipmentItems } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";

describe.each(DB_KINDS)("rental day rates on %s", (kind) => {
  let p: TestPortal;
  const K = kind[0]!.toUpperCase();
  const rates = async (tags: string[]) =>
    new Map(
      (
        await p.services.db
          .select({ tag: equipmentItems.assetTag, rate: equipmentItems.dayRateMinor })
          .from(equipmentItems)
          .where(inArray(equipmentItems.assetTag, tags))
      ).map((r) => [r.tag, r.rate]),
    );
  const importCsv = (csv: string) => p.as("equipment").post("/equipment/items/import", { csv });
  const exported = async () => (await p.as("equipment").get("/equipment/items/export.csv")).body as string;

  beforeAll(async () => {
    p = await startTestPortal(kind);
    await p.signInAll();
  }, 120_000);
  afterAll(() => p?.close());

  it("imports the rental day rate column as people type it, empty for no rate, and exports it back", async () => {
    const tag = (n: number) => `R${K}-CSV-${n}`;
    const res = await importCsv(
      [
        "asset_tag,name,category,Rental day rate",
        `${tag(1)},Aputure 600d,Rates ${kind},"12,50"`,
        `${tag(2)},Aputure 600d,Rates ${kind},12.50`,
        `${tag(3)},Aputure 600d,Rates ${kind},"1.234,50"`,
        `${tag(4)},Aputure 600d,Rates ${kind},`,
      ].join("\n"),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.created).toBe(4);
    expect(Object.fromEntries(await rates([1, 2, 3, 4].map(tag)))).toEqual({
      [tag(1)]: 1250,
      [tag(2)]: 1250,
      [tag(3)]: 123_450,
      [tag(4)]: null,
    });
    const csv = await exported();
    expect(csv.split("\r\n")[0]).toMatch(/,access_level,rental_day_rate$/);
    expect(csv).toMatch(new RegExp(`\\r\\n${tag(3)},.*,1234\\.50\\r\\n`));
    expect(csv).toMatch(new RegExp(`\\r\\n${tag(4)},.*,\\r\\n`));

    // A file without the column leaves the rates as they are.
    const again = await importCsv(`asset_tag,name,category\n${tag(1)},Aputure 600d renamed,Rates ${kind}`);
    expect(again.body.updated).toBe(1);
    expect((await rates([tag(1)])).get(tag(1))).toBe(1250);
  });

  it("refuses the whole file when a rate cannot be read, naming its line and column, and imports nothing", async () => {
    const tag = (n: number) => `R${K}-BAD-${n}`;
    const res = await importCsv(
      [
        "asset_tag,name,category,rental_day_rate",
        `${tag(1)},Sachtler tripod,Rates ${kind},40`,
        `${tag(2)},Sachtler tripod,Rates ${kind},"1,250"`,
        `${tag(3)},Sachtler tripod,Rates ${kind},-5`,
      ].join("\n"),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      "Nothing was imported: the rental day rate cannot be read on line 3, column rental_day_rate: “1,250” could mean 1250 or 1.25. Type 1250 or 1.25, whichever you mean; line 4, column rental_day_rate: it cannot be negative.",
    );
    expect((await rates([1, 2, 3].map(tag))).size).toBe(0);
  });

  it("round-trips every rate: what the export writes, the import reads back to the same minor units", async () => {
    const rate = fc.option(fc.integer({ min: 0, max: ITEM_VALUE_MAX }), { nil: null });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(rate, { minLength: 1, maxLength: 12 }), async (wanted) => {
        run++;
        const tags = wanted.map((_, i) => `R${K}-RT${run}-${i}`);
        // Made through the item form's API, so the rates do not come from the CSV reader under test.
        for (const [i, dayRateMinor] of wanted.entries()) {
          const made = await p.as("equipment").post("/equipment/items", {
            categoryId: await category(),
            name: "Round trip lamp",
            assetTag: tags[i],
            dayRateMinor,
          });
          expect(made.status, JSON.stringify(made.body)).toBe(201);
        }
        const rows = (await exported()).split("\r\n");
        const mine = [rows[0]!, ...rows.filter((l) => tags.some((t) => l.startsWith(`${t},`)))].join("\n");
        // Wiped, then read back from the export alone.
        await p.services.db
          .update(equipmentItems)
          .set({ dayRateMinor: 7 })
          .where(inArray(equipmentItems.assetTag, tags));
        const back = await importCsv(mine);
        expect(back.status, JSON.stringify(back.body)).toBe(200);
        expect(back.body.updated).toBe(wanted.length);
        const got = await rates(tags);
        expect(tags.map((t) => got.get(t))).toEqual(wanted);
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  it("sets one day rate on every unit of a model from the office's view by model, and on no other model", async () => {
    const brand = `Rate Grip ${kind}`;
    const unit = async (model: string, n: number, dayRateMinor: number | null) =>
      p.as("equipment").post("/equipment/items", {
        categoryId: await category(),
        name: `${brand} ${model}`,
        brand,
        model,
        assetTag: `R${K}-MOD-${model.replace(/\W/g, "")}-${n}`,
        dayRateMinor,
      });
    await unit("Stand 40", 1, 1000);
    await unit("Stand 40", 2, null);
    await unit("Stand 20", 1, 500);
    const timeline = async (model: string) =>
      (
        await p.as("equipment").get(
          `/equipment/models/timeline?${new URLSearchParams({
            brand,
            model,
            from: new Date().toISOString(),
            to: new Date(Date.now() + 86_400_000).toISOString(),
          })}`,
        )
      ).body;
    expect(await timeline("Stand 40")).toMatchObject({ dayRateMinor: null, dayRatesDiffer: true });

    const set = (who: string, model: string, dayRateMinor: unknown) =>
      p.as(who).put("/equipment/models/day-rate", { brand: brand.toUpperCase(), model: ` ${model} `, dayRateMinor });
    expect((await set("member", "Stand 40", 1250)).status).toBe(403);
    const bad = await set("equipment", "Stand 40", -1);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/day rate cannot be negative/i);
    const none = await set("equipment", "Stand 99", 1250);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toMatch(/No unit of .*Stand 99 is in the inventory/);

    const ok = await set("equipment", "Stand 40", 1250);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.units).toBe(2);
    expect(await timeline("Stand 40")).toMatchObject({ dayRateMinor: 1250, dayRatesDiffer: false });
    expect(await timeline("Stand 20")).toMatchObject({ dayRateMinor: 500 });
    expect((await set("equipment", "Stand 40", null)).status).toBe(200);
    expect(await timeline("Stand 40")).toMatchObject({ dayRateMinor: null, dayRatesDiffer: false });
  });

  let categoryId = "";
  const category = async () =>
    (categoryId ||= (await p.as("equipment").post("/equipment/categories", { name: `Round trip ${kind}` })).body.id);
});
