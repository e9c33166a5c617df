import { globalNameOf } from "../../../common/budget-rules.ts";
import { formatQuantity, type BudgetDraftContent, type BudgetDraftRow } from "../../../common/budget.ts";
import type { BudgetStartDto } from "../../../common/budget-template.ts";
import { formatNumber, type NumberFormat } from "../../../common/number-input.ts";
import { draftFringeOf, draftGlobalOf } from "./fringes-draft.ts";

export interface Appended {
  content: BudgetDraftContent;
  added: number;
  /** The offered lines left out because the sheet already has one of the same account and description. */
  skipped: string[];
}

/** A line's place in the sheet: its account and description (trimmed, case aside). */
const lineKey = (l: { accountCode: string; description: string }) =>
  `${l.accountCode}\u0000${l.description.trim().toLowerCase()}`;
const fringeKey = (name: string) => name.trim().toLowerCase();

/**
 * The sheet with a start's lines appended after the typed ones, none of which changes: an offered line the sheet
 * already has (same account and description) is skipped; the start's fringes join the sheet's unless one of
 * the same name is there (whose rate, as typed, stays), and its globals unless one of the same name is there.
 * The lines name the sheet's fringes and globals, so a template's line keeps its payroll tax and SHOOT_DAYS.
 */
export function appendStart(
  content: BudgetDraftContent,
  start: Pick<BudgetStartDto, "lines" | "fringes" | "globals">,
  opts: { digits: number; format: NumberFormat; newId?: () => string },
): Appended {
  const newId = opts.newId ?? (() => crypto.randomUUID());
  const seen = new Set(content.rows.map(lineKey));
  const fringes = [...(content.fringes ?? [])];
  const globals = [...(content.globals ?? [])];
  const fringeByName = new Map(fringes.map((f) => [fringeKey(f.name), f.id]));
  const fringeId = new Map<string, string>();
  for (const f of start.fringes) {
    const have = fringeByName.get(fringeKey(f.name));
    if (have) fringeId.set(f.id, have);
    else {
      const id = newId();
      fringes.push(draftFringeOf({ ...f, id }, opts.digits, opts.format));
      fringeByName.set(fringeKey(f.name), id);
      fringeId.set(f.id, id);
    }
  }
  const globalNames = new Set(globals.map((g) => globalNameOf(g.name)));
  for (const g of start.globals)
    if (!globalNames.has(g.name)) {
      globals.push({ ...draftGlobalOf(g, opts.format), id: newId() });
      globalNames.add(g.name);
    }

  const rows: BudgetDraftRow[] = [];
  const skipped: string[] = [];
  for (const l of start.lines) {
    if (seen.has(lineKey(l))) {
      skipped.push(l.description);
      continue;
    }
    seen.add(lineKey(l));
    const ids = (l.fringeIds ?? []).flatMap((id) => fringeId.get(id) ?? []);
    rows.push({
      id: newId(),
      accountCode: l.accountCode,
      description: l.description,
      quantity: l.quantityGlobal ?? formatQuantity(l.quantity, opts.format),
      units: l.units,
      rate: formatNumber(l.rate, opts.digits, opts.format),
      notes: l.notes ?? "",
      ...(ids.length ? { fringeIds: ids } : {}),
    });
  }
  return { content: { ...content, fringes, globals, rows: [...content.rows, ...rows] }, added: rows.length, skipped };
}
