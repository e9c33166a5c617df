import { ITEM_VALUE_MAX } from "./equipment.ts";
import { parseNumberInput, type NumberFormat } from "./number-input.ts";

/**
 * An item's rental day rate as typed, in the item form or a CSV cell, in minor units: empty is no rate (null),
 * otherwise a number read by `parseNumberInput` ("12,50", "12.50", "1.234,50"), never negative nor past the most an
 * item may be worth. `problem` says what is wrong on its own (a CSV names the line and column before it); `message`
 * says it next to the form's field.
 */
export function readDayRate(
  typed: string,
  digits: number,
  format: NumberFormat,
): { ok: true; value: number | null } | { ok: false; problem: string; message: string } {
  const fail = (problem: string) => ({ ok: false as const, problem, message: `The day rate: ${problem}` });
  if (typed.trim() === "") return { ok: true, value: null };
  const n = parseNumberInput(typed, { digits, format });
  if (!n.ok) return fail(n.message);
  if (n.value < 0) return fail("it cannot be negative.");
  if (n.value > ITEM_VALUE_MAX) return fail("it is too large.");
  return { ok: true, value: n.value };
}
