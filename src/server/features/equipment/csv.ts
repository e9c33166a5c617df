import { asc, eq } from "drizzle-orm";
import { ASSET_TAG_PATTERN, CSV_COLUMNS, ITEM_VALUE_MAX, type ImportReportDto } from "../../../common/equipment.ts";
import { CONDITIONS, type Condition, ITEM_STATUSES, type ItemStatus } from "../../../common/equipment-states.ts";
import { readDayRate } from "../../../common/day-rate.ts";
import { formatNumber, parseNumberInput, type NumberFormat, type ParsedNumber } from "../../../common/number-input.ts";
import { currencyMinorDigits } from "../../../common/money.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import {
  accessLevels,
  certifications,
  equipmentCategories,
  equipmentItems,
  itemAccessLevels,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { csvDocument, parseCsv, unguardCell } from "../../lib/csv.ts";
import { getSchoolSettings } from "../school/service.ts";
import { isOffice } from "../../auth/caller.ts";
import { placeAccessLevel } from "./access-levels.ts";
import { publish } from "./shared.ts";

type S = Pick<Services, "db" | "events">;

/** The value column, read by the same rule as the item form (an empty cell is 0): "1,250" is refused, never guessed. */
const money = (value: string, digits: number, format: NumberFormat): ParsedNumber =>
  value.trim() === "" ? { ok: true, value: 0 } : parseNumberInput(value, { digits, format });

const unguard = (v: string) => unguardCell(v).trim();

/**
 * The level a cell names, as people type it: any case (a spreadsheet's UPPER makes "ß" "SS", so both sides are
 * upper-cased before lower-casing), inner spaces as they come, accents composed or not. `undefined`: no such level.
 */
export function levelNamed(levels: readonly (readonly [name: string, id: string])[], cell: string) {
  const fold = (v: string) => v.normalize("NFC").trim().replace(/\s+/g, " ").toUpperCase().toLowerCase();
  const wanted = fold(cell);
  return levels.find(([name]) => fold(name) === wanted)?.[1];
}

/**
 * The rental day rate of every row, or null when the file has no such column (the rates stay as they are). A rate
 * goes into budgets, so one that cannot be read refuses the whole file, naming its line and column, before anything
 * is saved: a row imported without its rate would quietly price at nothing.
 */
function readDayRates(records: string[][], column: number, digits: number, format: NumberFormat) {
  if (column < 0) return null;
  const rates: (number | null)[] = [];
  const bad: string[] = [];
  for (const [index, cells] of records.entries()) {
    const rate = readDayRate(unguard(cells[column] ?? ""), digits, format);
    if (rate.ok) rates.push(rate.value);
    else bad.push(`line ${index + 2}, column rental_day_rate: ${rate.problem.replace(/\.$/, "")}`);
  }
  if (bad.length > 0)
    throw new AppError(
      "bad_request",
      `Nothing was imported: the rental day rate cannot be read on ${bad.slice(0, 3).join("; ")}${
        bad.length > 3 ? `; and on ${bad.length - 3} more lines` : ""
      }`.replace(/\.?$/, "."),
    );
  return rates;
}

/**
 * Imports items by asset tag: a known tag updates its item, a new one creates one. Every row is checked
 * on its own; good rows are saved and each bad row is reported with what is wrong, by line.
 */
export async function importItemsCsv(s: S, opts: { caller: Caller; csv: string }): Promise<ImportReportDto> {
  if (!isOffice(opts.caller.role)) throw new AppError("forbidden", "Only the equipment office can do this.");
  const records = parseCsv(opts.csv).filter((r) => r.some((c) => c.trim() !== ""));
  const header = (records.shift() ?? []).map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
  const col = Object.fromEntries(CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<
    (typeof CSV_COLUMNS)[number],
    number
  >;
  const absent = (["asset_tag", "name", "category"] as const).filter((c) => col[c] < 0);
  if (absent.length > 0)
    throw new AppError(
      "bad_request",
      `The first line must name the columns; missing: ${absent.join(", ")}. Export the inventory to see the expected layout.`,
    );
  if (records.length > 5000) throw new AppError("bad_request", "Import at most 5,000 rows at a time.");
  const settings = await getSchoolSettings(s.db);
  const digits = currencyMinorDigits(settings.currency);
  const dayRates = readDayRates(records, col.rental_day_rate, digits, settings.numberFormat);
  const report: ImportReportDto = { created: 0, updated: 0, rows: [] };
  await s.db.transaction(async (tx) => {
    const categories = new Map((await tx.select().from(equipmentCategories)).map((c) => [c.name.toLowerCase(), c.id]));
    const certs = new Map((await tx.select().from(certifications)).map((c) => [c.name.toLowerCase(), c.id]));
    const levels = (await tx.select({ id: accessLevels.id, name: accessLevels.name }).from(accessLevels)).map(
      (l) => [l.name, l.id] as const,
    );
    const hasLevels = col.access_level >= 0;
    const seen = new Set<string>();
    for (const [index, cells] of records.entries()) {
      const get = (c: (typeof CSV_COLUMNS)[number]) => (col[c] >= 0 ? unguard(cells[col[c]] ?? "") : "");
      const problems: string[] = [];
      const assetTag = get("asset_tag").toUpperCase();
      const name = get("name");
      const categoryName = get("category");
      if (!ASSET_TAG_PATTERN.test(assetTag)) problems.push("the asset tag must be 2 to 32 letters, digits and dashes");
      else if (seen.has(assetTag)) problems.push("this asset tag appears on an earlier line too");
      if (name.length < 2 || name.length > 120) problems.push("the name must be 2 to 120 characters");
      if (categoryName.length < 2 || categoryName.length > 80) problems.push("the category must be 2 to 80 characters");
      const value = money(get("value"), digits, settings.numberFormat);
      if (!value.ok) problems.push(`the value: ${value.message}`);
      else if (value.value < 0) problems.push("the value cannot be negative");
      else if (value.value > ITEM_VALUE_MAX) problems.push("the value is too large");
      const condition = (get("condition").toLowerCase() || "good") as Condition;
      if (!CONDITIONS.includes(condition)) problems.push(`the condition must be one of ${CONDITIONS.join(", ")}`);
      const status = get("status").toLowerCase().replace(/\s+/g, "_") || "available";
      if (!ITEM_STATUSES.includes(status as ItemStatus))
        problems.push(`the status must be one of ${ITEM_STATUSES.join(", ")}`);
      const certName = get("certification");
      const certificationId = certName ? certs.get(certName.toLowerCase()) : null;
      if (certName && !certificationId)
        problems.push(`there is no certification called “${certName}”; create it first`);
      const levelName = get("access_level");
      const levelId = levelName ? levelNamed(levels, levelName) : null;
      if (levelId === undefined)
        problems.push(`there is no access level called “${levelName}”; create it on the Access levels tab first`);
      seen.add(assetTag);
      if (problems.length > 0) {
        report.rows.push({ line: index + 2, assetTag, ok: false, problems });
        continue;
      }
      // The desk owns "checked out": an import never takes an item out of a borrower's hands, nor puts one
      // there. A row of the portal's own export still comes back in: the item keeps the status it has now.
      const [existing] = await tx
        .select({ id: equipmentItems.id, status: equipmentItems.status })
        .from(equipmentItems)
        .where(eq(equipmentItems.assetTag, assetTag));
      if (!existing && status === "checked_out") {
        report.rows.push({
          line: index + 2,
          assetTag,
          ok: false,
          problems: ["a new item cannot start checked out: import it as available and check it out at the desk"],
        });
        continue;
      }
      let categoryId = categories.get(categoryName.toLowerCase());
      if (!categoryId) {
        [{ id: categoryId }] = (await tx
          .insert(equipmentCategories)
          .values({ name: categoryName })
          .returning({ id: equipmentCategories.id })) as [{ id: string }];
        categories.set(categoryName.toLowerCase(), categoryId);
      }
      const fields = {
        ...(dayRates ? { dayRateMinor: dayRates[index]! } : {}),
        categoryId,
        name,
        brand: get("brand").slice(0, 80),
        model: get("model").slice(0, 80),
        serialNumber: get("serial_number").slice(0, 80),
        valueMinor: value.ok ? value.value : 0,
        condition,
        location: get("location").slice(0, 120),
        notes: get("notes").slice(0, 2000),
        certificationId: certificationId ?? null,
      };
      if (existing) {
        const nextStatus =
          existing.status === "checked_out" || status === "checked_out" ? existing.status : (status as "available");
        await tx
          .update(equipmentItems)
          .set({ ...fields, status: nextStatus, updatedAt: new Date() })
          .where(eq(equipmentItems.id, existing.id));
        if (hasLevels) await placeAccessLevel(tx, "item", existing.id, levelId ?? null);
        report.updated++;
      } else {
        const [row] = await tx
          .insert(equipmentItems)
          .values({ ...fields, assetTag, status: status as "available" })
          .returning({ id: equipmentItems.id });
        if (levelId) await placeAccessLevel(tx, "item", row!.id, levelId);
        report.created++;
      }
      report.rows.push({ line: index + 2, assetTag, ok: true, problems: [] });
    }
  });
  // The same event as any inventory change: it names the access levels too, which a row may have set.
  if (report.created + report.updated > 0) await publish(s);
  return report;
}

export async function exportItemsCsv(s: Pick<Services, "db">): Promise<string> {
  const digits = currencyMinorDigits((await getSchoolSettings(s.db)).currency);
  const rows = await s.db
    .select({
      i: equipmentItems,
      category: equipmentCategories.name,
      cert: certifications.name,
      level: accessLevels.name,
    })
    .from(equipmentItems)
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipmentItems.categoryId))
    .leftJoin(certifications, eq(certifications.id, equipmentItems.certificationId))
    .leftJoin(itemAccessLevels, eq(itemAccessLevels.itemId, equipmentItems.id))
    .leftJoin(accessLevels, eq(accessLevels.id, itemAccessLevels.levelId))
    .orderBy(asc(equipmentItems.assetTag));
  // Plain 1250.00, whatever the school's format: a spreadsheet and the import both read it one way.
  const value = (minor: number) => formatNumber(minor, digits);
  return csvDocument([
    [...CSV_COLUMNS],
    // The item's own level: one its kit carries is the kit's, set on the kit (and not in this file).
    ...rows.map(({ i, category, cert, level }) => [
      i.assetTag,
      i.name,
      category,
      i.brand,
      i.model,
      i.serialNumber,
      value(i.valueMinor),
      i.condition,
      i.status,
      i.location,
      cert ?? "",
      i.notes,
      level ?? "",
      i.dayRateMinor === null ? "" : value(i.dayRateMinor),
    ]),
  ]);
}
