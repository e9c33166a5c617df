import { parseNumberInput, type NumberFormat } from "../../../../common/number-input.ts";

/**
 * An item's rental day rate as typed, in minor units: empty is no rate (null), otherwise a number in the
 * school's format ("12,50" where the comma is the decimal), never negative.
 */
export function readDayRate(
  typed: string,
  digits: number,
  format: NumberFormat,
): { ok: true; value: number | null } | { ok: false; message: string } {
  if (typed.trim() === "") return { ok: true, value: null };
  const n = parseNumberInput(typed, { digits, format });
  if (!n.ok) return { ok: false, message: `The day rate: ${n.message}` };
  if (n.value < 0) return { ok: false, message: "The day rate cannot be negative." };
  return { ok: true, value: n.value };
}
