import { asc, eq } from "drizzle-orm";
import {
  ASSET_TAG_PATTERN,
  CONDITIONS,
  CSV_COLUMNS,
  type Condition,
  type ImportReportDto,
} from "../../../common/equipment.ts";
import { currencyMinorDigits } from "../../../common/school.ts";
import type { Caller } from "../../auth/guards.ts";
import type { Services } from "../../context.ts";
import { certifications, equipmentCategories, equipmentItems } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { csvRow } from "../overview/csv.ts";
import { getSchoolSettings } from "../school/service.ts";
import { isOffice } from "./service.ts";

type S = Pick<Services, "db" | "events">;

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const src = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

const money = (value: string, digits: number): number | null => {
  const v = value.trim().replace(/[\s_]/g, "");
  if (v === "") return 0;
  if (!/^\d+(\.\d+)?$/.test(v)) return null;
  const [whole, frac = ""] = v.split(".");
  if (frac.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(frac.padEnd(digits, "0") || "0");
};

/** An exported formula guard (a leading apostrophe) comes back off on import. */
const unguard = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v).trim();

/**
 * Imports items by asset tag: a known tag updates its item, a new one creates one. Every row is checked
 * on its own; good rows are saved and each bad row is reported with what is wrong, by line.
 */
export async function importItemsCsv(s: S, opts: { caller: Caller; csv: string }): Promise<ImportReportDto> {
  if (!isOffice(opts.caller)) throw new AppError("forbidden", "Only the equipment office can do this.");
  const records = parseCsv(opts.csv);
  const header = (records.shift() ?? []).map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
  const col = Object.fromEntries(CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof CSV_COLUMNS)[number], number>;
  const absent = (["asset_tag", "name", "category"] as const).filter((c) => col[c] < 0);
  if (absent.length > 0) throw new AppError("bad_request", `The first line must name the columns; missing: ${absent.join(", ")}. Export the inventory to see the expected layout.`);
  if (records.length > 5000) throw new AppError("bad_request", "Import at most 5,000 rows at a time.");
  const digits = currencyMinorDigits((await getSchoolSettings(s.db)).currency);
  const report: ImportReportDto = { created: 0, updated: 0, rows: [] };
  await s.db.transaction(async (tx) => {
    const categories = new Map((await tx.select().from(equipmentCategories)).map((c) => [c.name.toLowerCase(), c.id]));
    const certs = new Map((await tx.select().from(certifications)).map((c) => [c.name.toLowerCase(), c.id]));
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
      const valueMinor = money(get("value"), digits);
      if (valueMinor === null) problems.push(`the value must be a plain amount such as 1250.00 (at most ${digits} decimals)`);
      const condition = (get("condition").toLowerCase() || "good") as Condition;
      if (!CONDITIONS.includes(condition)) problems.push(`the condition must be one of ${CONDITIONS.join(", ")}`);
      const status = get("status").toLowerCase().replace(/\s+/g, "_") || "available";
      if (!["available", "maintenance", "retired"].includes(status)) problems.push("the status must be available, maintenance or retired (the desk checks items out)");
      const certName = get("certification");
      const certificationId = certName ? certs.get(certName.toLowerCase()) : null;
      if (certName && !certificationId) problems.push(`there is no certification called “${certName}”; create it first`);
      seen.add(assetTag);
      if (problems.length > 0) {
        report.rows.push({ line: index + 2, assetTag, ok: false, problems });
        continue;
      }
      let categoryId = categories.get(categoryName.toLowerCase());
      if (!categoryId) {
        [{ id: categoryId }] = (await tx.insert(equipmentCategories).values({ name: categoryName }).returning({ id: equipmentCategories.id })) as [{ id: string }];
        categories.set(categoryName.toLowerCase(), categoryId);
      }
      const fields = {
        categoryId,
        name,
        brand: get("brand").slice(0, 80),
        model: get("model").slice(0, 80),
        serialNumber: get("serial_number").slice(0, 80),
        valueMinor: valueMinor!,
        condition,
        location: get("location").slice(0, 120),
        notes: get("notes").slice(0, 2000),
        certificationId: certificationId ?? null,
      };
      const [existing] = await tx.select({ id: equipmentItems.id, status: equipmentItems.status }).from(equipmentItems).where(eq(equipmentItems.assetTag, assetTag));
      if (existing) {
        // The desk owns "checked out": an import never takes an item out of a borrower's hands.
        const nextStatus = existing.status === "checked_out" ? "checked_out" : (status as "available");
        await tx.update(equipmentItems).set({ ...fields, status: nextStatus, updatedAt: new Date() }).where(eq(equipmentItems.id, existing.id));
        report.updated++;
      } else {
        await tx.insert(equipmentItems).values({ ...fields, assetTag, status: status as "available" });
        report.created++;
      }
      report.rows.push({ line: index + 2, assetTag, ok: true, problems: [] });
    }
  });
  if (report.created + report.updated > 0) await s.events.publish({ type: "equipment.changed", invalidate: [["equipment"]] });
  return report;
}

export async function exportItemsCsv(s: Pick<Services, "db">): Promise<string> {
  const digits = currencyMinorDigits((await getSchoolSettings(s.db)).currency);
  const rows = await s.db
    .select({ i: equipmentItems, category: equipmentCategories.name, cert: certifications.name })
    .from(equipmentItems)
    .innerJoin(equipmentCategories, eq(equipmentCategories.id, equipmentItems.categoryId))
    .leftJoin(certifications, eq(certifications.id, equipmentItems.certificationId))
    .orderBy(asc(equipmentItems.assetTag));
  const value = (minor: number) => (digits === 0 ? String(minor) : `${Math.floor(minor / 10 ** digits)}.${String(minor % 10 ** digits).padStart(digits, "0")}`);
  return (
    csvRow([...CSV_COLUMNS]) +
    rows
      .map(({ i, category, cert }) =>
        csvRow([i.assetTag, i.name, category, i.brand, i.model, i.serialNumber, value(i.valueMinor), i.condition, i.status, i.location, cert ?? "", i.notes]),
      )
      .join("")
  );
}
