import { writerOf, type SchoolWriter } from "../../../common/school-writer.ts";
import {
  BUDGET_CATEGORY_LABELS,
  PROPOSAL_STATE_LABELS,
  formatPercent,
  formatQuantity,
  type ProposalView,
  type SnapshotLine,
} from "../../../common/budget.ts";
import { formatMinor } from "../../../common/money.ts";
import { type SessionUser } from "../../auth/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { csvDocument } from "../../lib/csv.ts";
import { getSchoolSettings } from "../school/service.ts";
import { renderPdf, type PdfSection } from "../../lib/pdf-table.ts";
import * as repo from "./repository.ts";
import { type S } from "./shared.ts";
import { getBudget } from "./reading.ts";
import { byToken, proposalAccess } from "./decisions.ts";

// ── Exports ──────────────────────────────────────────────────────────────────────────────────────

const plain = (minor: number, currency: string) => formatMinor(minor, currency).replace(/,/g, "");

export async function exportCsv(
  s: Pick<S, "db" | "events">,
  opts: { caller: SessionUser; projectId: string; part: "topsheet" | "detail" },
): Promise<{ filename: string; body: string }> {
  const b = await getBudget(s, opts);
  const c = b.currency;
  const slug =
    b.projectTitle
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "budget";
  if (opts.part === "topsheet") {
    const rows = [
      ["Code", "Account", "Category", `Amount (${c})`],
      ...b.totals.accounts.map((a) => [a.code, a.name, BUDGET_CATEGORY_LABELS[a.category], plain(a.amount, c)]),
      ["", "Above the line", "", plain(b.totals.above, c)],
      ["", "Below the line", "", plain(b.totals.below, c)],
      ["", "Fringes", "", plain(b.totals.fringes ?? 0, c)],
      ["", `Contingency (${formatPercent(b.contingencyBps)} %)`, "", plain(b.totals.contingency, c)],
      ["", "Total", "", plain(b.totals.total, c)],
    ];
    return { filename: `${slug}-top-sheet.csv`, body: csvDocument(rows) };
  }
  const names = new Map(b.accounts.map((a) => [a.code, a.name]));
  const actual = new Map(b.actuals.lines.map((v) => [v.key, v]));
  const rows = [
    [
      "Code",
      "Account",
      "Description",
      "Quantity",
      "Units",
      `Rate (${c})`,
      `Amount (${c})`,
      `Fringes (${c})`,
      `Actual (${c})`,
      `Variance (${c})`,
      "Notes",
    ],
    ...b.lines.map((l) => [
      l.accountCode,
      names.get(l.accountCode) ?? "",
      l.description,
      formatQuantity(l.quantity),
      l.units,
      plain(l.rate, c),
      plain(l.amount, c),
      plain(l.fringe, c),
      plain(actual.get(l.id)?.actual ?? 0, c),
      plain(actual.get(l.id)?.variance ?? l.amount, c),
      l.notes,
    ]),
  ];
  return { filename: `${slug}-detail.csv`, body: csvDocument(rows) };
}

function topSheetSection(totals: ProposalView["totals"], currency: string, w: SchoolWriter): PdfSection {
  const m = (n: number) => w.amount(n, currency);
  return {
    heading: "Top sheet",
    widths: [1, 5, 2],
    numeric: 1,
    rows: [
      { cells: ["Code", "Account", `Amount (${currency})`], bold: true },
      ...totals.accounts.map((a) => ({ cells: [a.code, a.name, m(a.amount)] })),
      { cells: ["", "Above the line", m(totals.above)], bold: true },
      { cells: ["", "Below the line", m(totals.below)], bold: true },
      { cells: ["", "Fringes", m(totals.fringes ?? 0)], bold: true },
      { cells: ["", `Contingency (${w.percent(totals.contingencyBps)} %)`, m(totals.contingency)] },
      { cells: ["", "Total", m(totals.total)], bold: true },
    ],
  };
}

function detailSection(lines: SnapshotLine[], currency: string, w: SchoolWriter): PdfSection {
  const m = (n: number) => w.amount(n, currency);
  return {
    heading: "Lines",
    widths: [1, 6, 1.3, 1.2, 2, 2, 1.8],
    numeric: 3,
    rows: [
      { cells: ["Code", "Description", "Qty", "Units", "Rate", "Amount", "Fringes"], bold: true },
      ...lines.map((l) => ({
        cells: [
          l.accountCode,
          l.description,
          w.quantity(l.quantity),
          l.units,
          m(l.rate),
          m(l.amount),
          l.fringe ? m(l.fringe) : "",
        ],
      })),
    ],
  };
}

export async function exportPdf(
  s: Pick<S, "db" | "events">,
  opts: { caller: SessionUser; projectId: string },
): Promise<{ filename: string; body: Uint8Array }> {
  const [b, settings] = await Promise.all([getBudget(s, opts), getSchoolSettings(s.db)]);
  const w = writerOf(settings);
  const body = await renderPdf({
    title: `Budget: ${b.projectTitle}`,
    facts: [
      ["Currency", b.currency],
      ["Draft version", String(b.version)],
      ["Total", w.money(b.totals.total, b.currency)],
      ["Spent so far", w.money(b.actuals.total.actual, b.currency)],
    ],
    sections: [topSheetSection(b.totals, b.currency, w), detailSection(b.lines, b.currency, w)],
  });
  return { filename: "budget.pdf", body };
}

/** The approver's record of a decision: what was decided, by whom, when and from where, and what was approved. */
export async function decisionPdf(
  s: Pick<S, "db">,
  opts: { proposalId: string; token: string } | { proposalId: string; caller: SessionUser },
): Promise<Uint8Array> {
  let p: repo.ProposalRow;
  // The approver's own link shows their own record in full; a signed-in reader goes by the budget's rule.
  let origin = true;
  if ("token" in opts) p = await byToken(s.db, opts.proposalId, opts.token, { allowDecided: true });
  else ({ proposal: p, contactsVisible: origin } = await proposalAccess(s.db, opts.caller, opts.proposalId));
  if (p.state === "pending")
    throw new AppError("conflict", "This budget has not been decided yet; its decision record exists once it is.");
  const c = p.snapshot.currency;
  const w = writerOf(await getSchoolSettings(s.db));
  return renderPdf({
    title: `Budget decision: ${p.snapshot.projectTitle}, version ${p.number}`,
    facts: [
      ["Decision", PROPOSAL_STATE_LABELS[p.state]],
      ["Decided by", p.decisionName ?? ""],
      ["Decided at", p.decidedAt ? w.dateTime(p.decidedAt) : ""],
      ...(p.decisionComment ? ([["Comment", p.decisionComment]] as [string, string][]) : []),
      ...(p.bypassed ? ([["Bypass", p.bypassReason ?? ""]] as [string, string][]) : []),
      [
        "Via",
        p.decisionVia === "link"
          ? "E-mailed approval link"
          : p.decisionVia === "signed_in"
            ? "Signed in to The Portal"
            : (p.decisionVia ?? ""),
      ],
      ...(origin
        ? ([
            ["IP address", p.decisionIp ?? "not recorded"],
            ["User agent", p.decisionUserAgent ?? "not recorded"],
          ] as [string, string][])
        : []),
      ["Submitted by", `${p.submittedByName}, ${w.dateTime(p.submittedAt)}`],
      ["Total", w.money(p.total, c)],
      ["Content hash", p.contentHash],
    ],
    sections: [topSheetSection(p.totals, c, w), detailSection(p.snapshot.lines, c, w)],
  });
}
