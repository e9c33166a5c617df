import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessOverviewDto } from "../../../common/equipment-access.ts";
import type { AvailabilityItem, ItemDetailDto, KitDto } from "../../../common/equipment.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { signInAll } from "../../test/matrix.ts";
import { levelNamed } from "./csv.ts";

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe("the access level a CSV cell names", () => {
  const fold = (n: string) => n.toUpperCase().toLowerCase();
  const name = fc
    .array(fc.stringMatching(/^[A-Za-zÀ-ÿ0-9-]{1,12}$/), { minLength: 1, maxLength: 3 })
    .map((w) => w.join(" "))
    .filter((n) => n.length >= 2);
  const levels = fc.uniqueArray(name, { minLength: 1, maxLength: 6, selector: fold });
  const recase = (s: string, flips: boolean[]) =>
    [...s].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase())).join("");

  it("finds a level however its name is cased and spaced", () => {
    fc.assert(
      fc.property(
        levels,
        fc.nat(),
        fc.array(fc.boolean(), { minLength: 1 }),
        fc.stringMatching(/^ {0,3}$/),
        (names, pick, flips, pad) => {
          const list = names.map((n, i) => [n, `id-${i}`] as const);
          const i = pick % names.length;
          const typed = `${pad}${recase(names[i]!, flips).replace(/ /g, " " + pad)}${pad}`.normalize(
            flips[0] ? "NFD" : "NFC",
          );
          expect(levelNamed(list, typed)).toBe(`id-${i}`);
        },
      ),
    );
  });

  it("finds nothing for a name no level has", () => {
    fc.assert(
      fc.property(levels, name, (names, other) => {
        fc.pre(!names.some((n) => fold(n) === fold(other)));
        expect(
          levelNamed(
            names.map((n, i) => [n, `id-${i}`] as const),
            other,
          ),
        ).toBeUndefined();
      }),
    );
  });
});

describe.each(DB_KINDS)("setting access levels in the item dialog, the kit form and the CSV on %s", (kind) => {
  let p: TestPortal;
  let categoryId: string;
  let thesis: string;
  let seq = 0;
  const K = kind[0]!.toUpperCase();
  const tag = () => `AF-${K}-${++seq}`;
  const level = async (name: string) => {
    const res = await p.as("equipment").post("/equipment/access-levels", { name });
    expect(res.status, res.text).toBe(201);
    return (res.body as AccessOverviewDto).levels.find((l) => l.name === name)!.id;
  };
  const overview = async () => (await p.as("equipment").get("/equipment/access-levels")).body as AccessOverviewDto;
  const itemLevel = async (id: string) => (await overview()).items.find((i) => i.id === id)?.levelId ?? null;
  const exportRow = async (assetTag: string) =>
    ((await p.as("equipment").get("/equipment/items/export.csv")).body as string)
      .split("\r\n")
      .find((l) => l.startsWith(`${assetTag},`));
  const closedTo = async (who: string, it: { id: string; name: string }) => {
    const q = new URLSearchParams({ from: at(30), to: at(34), search: it.name, limit: "100" });
    const items = (await p.as(who).get(`/equipment/availability?${q}`)).body.items as AvailabilityItem[];
    return items.find((i) => i.id === it.id)!.closed;
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    await signInAll(p);
    categoryId = (await p.as("equipment").post("/equipment/categories", { name: `Forms ${kind}` })).body.id;
    thesis = await level(`Forms Thesis ${kind}`);
  }, 120_000);
  afterAll(() => p?.close());

  it("saves an item's level with a new item and an edit, closes it at once, and keeps it when an edit leaves it out", async () => {
    const created = await p
      .as("equipment")
      .post("/equipment/items", { categoryId, name: `Forms camera ${kind}`, assetTag: tag(), accessLevelId: thesis });
    expect(created.status, created.text).toBe(201);
    const item = created.body as ItemDetailDto;
    expect(await itemLevel(item.id)).toBe(thesis);
    expect((await closedTo("member", item))?.level).toBe(`Forms Thesis ${kind}`);
    // An edit that does not name the level (an older client, a plain PATCH) leaves it as it is.
    expect((await p.as("equipment").patch(`/equipment/items/${item.id}`, { location: "Shelf 4" })).status).toBe(200);
    expect(await itemLevel(item.id)).toBe(thesis);
    const cleared = await p.as("equipment").patch(`/equipment/items/${item.id}`, { accessLevelId: null });
    expect(cleared.status).toBe(200);
    expect(await itemLevel(item.id)).toBeNull();
    expect(await closedTo("member", item)).toBeNull();
    const other = await level(`Forms Other ${kind}`);
    expect((await p.as("equipment").patch(`/equipment/items/${item.id}`, { accessLevelId: other })).status).toBe(200);
    expect(await itemLevel(item.id)).toBe(other);
  });

  it("refuses a level that does not exist, and a student setting one", async () => {
    const missing = await p.as("equipment").post("/equipment/items", {
      categoryId,
      name: `Forms ghost ${kind}`,
      assetTag: tag(),
      accessLevelId: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe("There is no such access level: choose one from the list.");
    // Nothing half made: the item was not added without its level.
    expect(
      (await p.as("equipment").get(`/equipment/items?search=${encodeURIComponent(`Forms ghost ${kind}`)}`)).body.total,
    ).toBe(0);
    const bad = await p
      .as("equipment")
      .post("/equipment/items", { categoryId, name: "X1", assetTag: tag(), accessLevelId: "x" });
    expect(bad.status).toBe(400);
    const item = (
      await p.as("equipment").post("/equipment/items", { categoryId, name: `Forms lamp ${kind}`, assetTag: tag() })
    ).body as ItemDetailDto;
    expect((await p.as("member").patch(`/equipment/items/${item.id}`, { accessLevelId: thesis })).status).toBe(403);
    expect(await itemLevel(item.id)).toBeNull();
  });

  it("saves a kit's level with the kit form, and keeps it when the form leaves it out", async () => {
    const items = [];
    for (const n of ["body", "lens"])
      items.push(
        (
          await p
            .as("equipment")
            .post("/equipment/items", { categoryId, name: `Forms kit ${n} ${kind}`, assetTag: tag() })
        ).body as ItemDetailDto,
      );
    const name = `Forms kit ${kind}`;
    const made = await p
      .as("equipment")
      .post("/equipment/kits", { name, itemIds: items.map((i) => i.id), accessLevelId: thesis });
    expect(made.status, made.text).toBe(201);
    const kitId = (made.body as KitDto[]).find((k) => k.name === name)!.id;
    const kitLevel = async () => (await overview()).kits.find((k) => k.id === kitId)?.levelId ?? null;
    expect(await kitLevel()).toBe(thesis);
    const kits = (await p.as("member").get(`/equipment/kits?from=${at(30)}&to=${at(34)}`)).body as KitDto[];
    expect(kits.find((k) => k.id === kitId)!.closed?.level).toBe(`Forms Thesis ${kind}`);
    const renamed = { name: `${name} II`, itemIds: items.map((i) => i.id) };
    expect((await p.as("equipment").put(`/equipment/kits/${kitId}`, renamed)).status).toBe(200);
    expect(await kitLevel()).toBe(thesis);
    expect((await p.as("equipment").put(`/equipment/kits/${kitId}`, { ...renamed, accessLevelId: null })).status).toBe(
      200,
    );
    expect(await kitLevel()).toBeNull();
  });

  it("exports each item's own level by name and imports it back by name, in any case", async () => {
    const [a, b, c] = [tag(), tag(), tag()];
    const csv = [
      "Asset tag,Name,Category,Access level",
      `${a},Forms csv one ${kind},Forms ${kind},forms THESIS ${kind}`,
      `${b},Forms csv two ${kind},Forms ${kind},`,
      `${c},Forms csv three ${kind},Forms ${kind},Nonexistent ${kind}`,
    ].join("\n");
    const res = await p.as("equipment").post("/equipment/items/import", { csv });
    expect(res.status, res.text).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.rows.find((r: { assetTag: string }) => r.assetTag === c)).toEqual({
      line: 4,
      assetTag: c,
      ok: false,
      problems: [`there is no access level called “Nonexistent ${kind}”; create it on the Access levels tab first`],
    });
    // The level is the last column but one: the rental day rate (none here) comes after it.
    expect(await exportRow(a)).toMatch(new RegExp(`,Forms Thesis ${kind},$`));
    expect(await exportRow(b)).toMatch(/,,$/);
    expect(await exportRow(c)).toBeUndefined();
    const header = ((await p.as("equipment").get("/equipment/items/export.csv")).body as string).split("\r\n")[0];
    expect(header).toBe(
      "asset_tag,name,category,brand,model,serial_number,value,condition,status,location,certification,notes,access_level,rental_day_rate",
    );
    // An empty cell clears a level; the export imports back as it was.
    const rows = `asset_tag,name,category,access_level\n${a},Forms csv one ${kind},Forms ${kind},\n${b},Forms csv two ${kind},Forms ${kind},Forms thesis ${kind}`;
    expect((await p.as("equipment").post("/equipment/items/import", { csv: rows })).body.updated).toBe(2);
    expect(await exportRow(a)).toMatch(/,,$/);
    expect(await exportRow(b)).toMatch(new RegExp(`,Forms Thesis ${kind},$`));
    const before = await exportRow(b);
    const exported = (await p.as("equipment").get("/equipment/items/export.csv")).body as string;
    const back = await p.as("equipment").post("/equipment/items/import", { csv: exported });
    expect(back.body.rows.filter((r: { ok: boolean }) => !r.ok)).toEqual([]);
    expect(await exportRow(b)).toBe(before);
  });

  it("leaves the levels alone when an older CSV has no such column", async () => {
    const t = tag();
    const made = await p.as("equipment").post("/equipment/items", {
      categoryId,
      name: `Forms old csv ${kind}`,
      assetTag: t,
      accessLevelId: thesis,
    });
    const item = made.body as ItemDetailDto;
    const old = `asset_tag,name,category,notes\n${t},Forms old csv ${kind},Forms ${kind},Re-imported from last year`;
    const res = await p.as("equipment").post("/equipment/items/import", { csv: old });
    expect(res.body.updated).toBe(1);
    expect(await itemLevel(item.id)).toBe(thesis);
    expect((await closedTo("member", item))?.level).toBe(`Forms Thesis ${kind}`);
  });
});
