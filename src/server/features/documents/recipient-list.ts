import { z } from "zod";
import { BULK_RECIPIENTS_MAX, type BulkRecipientLine } from "../../../common/bulk-releases.ts";
import { AppError } from "../../lib/errors.ts";
import { parseCsv, unguardCell } from "../../lib/csv.ts";

const email = z.string().email();

/**
 * A pasted list of people, one "Name, e-mail" per line (`;` works too, and a quoted name may hold either);
 * blank lines are skipped. Each line answers its own error: no name, a bad e-mail, or an address already
 * on an earlier line. Addresses are compared in lower case.
 */
export function parseRecipients(text: string): BulkRecipientLine[] {
  // Each line read on its own, with its own delimiter: a list pasted together from two places may mix `,` and `;`.
  const rows = text.split(/\r\n|\n|\r/).map((l) => (l.trim() ? (parseCsv(l)[0] ?? []) : []));
  const lines: BulkRecipientLine[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const cells = row.map((c) => unguardCell(c.trim())).filter((c) => c !== "");
    if (cells.length === 0) return;
    const at = cells.findIndex((c) => c.includes("@"));
    const mail = (at >= 0 ? cells[at]! : "").toLowerCase();
    const name = cells
      .filter((_, j) => j !== at)
      .join(" ")
      .trim();
    const line = i + 1;
    let error: string | null = null;
    if (at < 0) error = "No e-mail address on this line.";
    else if (!email.safeParse(mail).success) error = `“${cells[at]}” is not an e-mail address.`;
    else if (name.length < 2) error = "Give the person's full name before the e-mail address.";
    else if (name.length > 200) error = "The name may be at most 200 characters long.";
    else if (seen.has(mail)) error = `Already on line ${seen.get(mail)}.`;
    if (!error) seen.set(mail, line);
    lines.push({ line, name, email: mail, error, state: error ? "error" : "ready" });
  });
  if (lines.length === 0) throw new AppError("bad_request", "Paste at least one line: a name, a comma and an e-mail.");
  if (lines.length > BULK_RECIPIENTS_MAX)
    throw new AppError("bad_request", `At most ${BULK_RECIPIENTS_MAX} people at once; split the list.`);
  return lines;
}
