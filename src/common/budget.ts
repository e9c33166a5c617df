/**
 * The budgets contract: the chart of accounts template, money arithmetic in integer minor units, what
 * /rest/v1/budgets… accepts (zod) and answers (DTOs). No floating point touches money anywhere: amounts are
 * integers of the currency's minor unit, quantities integers of hundredths.
 */
import { UUID_PATTERN } from "./ids.ts";
import { z } from "zod";
import { uploadNameQuery } from "./upload.ts";
import { formatNumber, type NumberFormat } from "./number-input.ts";
import {
  divRound,
  FRINGE_KINDS,
  FRINGE_PERCENT_MAX_BPS,
  GLOBAL_NAME_PATTERN,
  lineFringe,
  toSafe,
  type BudgetGlobal,
  type Fringe,
} from "./budget-rules.ts";

export type { BudgetGlobal, Fringe } from "./budget-rules.ts";

export const BUDGET_CATEGORIES = ["above", "below"] as const;
export type BudgetCategory = (typeof BUDGET_CATEGORIES)[number];
export const BUDGET_CATEGORY_LABELS: Record<BudgetCategory, string> = {
  above: "Above the line",
  below: "Below the line",
};

export interface BudgetAccount {
  code: string;
  name: string;
  category: BudgetCategory;
}

/** The school's template (admins may rename and reorder it); codes are stable, so lines keep their account. */
export const DEFAULT_ACCOUNTS: BudgetAccount[] = [
  { code: "1100", name: "Story and rights", category: "above" },
  { code: "1200", name: "Producer", category: "above" },
  { code: "1300", name: "Director", category: "above" },
  { code: "1400", name: "Cast", category: "above" },
  { code: "2000", name: "Production staff", category: "below" },
  { code: "2100", name: "Camera", category: "below" },
  { code: "2200", name: "Grip and electric", category: "below" },
  { code: "2300", name: "Sound", category: "below" },
  { code: "2400", name: "Art", category: "below" },
  { code: "2500", name: "Wardrobe and make-up", category: "below" },
  { code: "2600", name: "Locations", category: "below" },
  { code: "2700", name: "Transport", category: "below" },
  { code: "2800", name: "Catering", category: "below" },
  { code: "2900", name: "Equipment rental", category: "below" },
  { code: "3000", name: "Post-production", category: "below" },
  { code: "3100", name: "Music", category: "below" },
  { code: "3200", name: "Festival and delivery", category: "below" },
  { code: "3300", name: "Insurance", category: "below" },
];

export const BUDGET_UNITS = ["days", "weeks", "flat", "each"] as const;
export type BudgetUnit = (typeof BUDGET_UNITS)[number];

/** Contingency in basis points: 1000 = 10 %. */
export const DEFAULT_CONTINGENCY_BPS = 1000;
export const CONTINGENCY_MAX_BPS = 5000;
export const BUDGET_LINES_MAX = 5000;
/** 10 million in two-digit currencies: far above a student film, and line × quantity stays exact. */
export const RATE_MAX = 1_000_000_000;
/** Quantities in hundredths: 99,999.99 at most. */
export const QUANTITY_MAX = 9_999_999;
export const DESCRIPTION_MAX = 200;
export const FRINGES_MAX = 20;
export const FRINGE_NAME_MAX = 60;
export const GLOBALS_MAX = 50;
export const NOTES_MAX = 1000;
export const COMMENT_MAX = 2000;

// ── Money arithmetic (integers only) ─────────────────────────────────────────────────────────────

/** A line's amount: quantity (hundredths) × rate (minor units), rounded to the minor unit. */
export const lineAmount = (quantity: number, rate: number): number =>
  toSafe(divRound(BigInt(quantity) * BigInt(rate), 100n));

/** Contingency on an amount, rounded to the minor unit. */
export const contingencyOf = (amount: number, bps: number): number =>
  toSafe(divRound(BigInt(amount) * BigInt(bps), 10_000n));

export const sumAmounts = (amounts: Iterable<number>): number => {
  let total = 0n;
  for (const a of amounts) total += BigInt(a);
  return toSafe(total);
};

/** Hundredths → "2.5" (no trailing zeros), for the quantity cell. */
export const formatQuantity = (hundredths: number, format?: NumberFormat): string =>
  formatNumber(hundredths, 2, format, { trim: true });

/** Basis points → "10" or "7.5" percent. */
export const formatPercent = (bps: number, format?: NumberFormat) => formatQuantity(bps, format);

// ── Totals ───────────────────────────────────────────────────────────────────────────────────────

export interface LineLike {
  accountCode: string;
  quantity: number;
  rate: number;
  /** The budget's fringes applied to this line (labour lines only). */
  fringeIds?: readonly string[];
}

export interface AccountTotal {
  code: string;
  name: string;
  category: BudgetCategory;
  /** The lines' amounts; the fringes on them are apart, as the top sheet shows them in their own row. */
  amount: number;
  /** Absent in totals frozen before fringes existed: read as 0. */
  fringes?: number;
}

export interface BudgetTotals {
  accounts: AccountTotal[];
  above: number;
  below: number;
  /** Every line's fringes; absent in totals frozen before fringes existed (read as 0). */
  fringes?: number;
  /** above + below + fringes. */
  subtotal: number;
  contingencyBps: number;
  contingency: number;
  total: number;
}

/**
 * The top sheet: every account of the chart (empty ones too), both categories, the fringes on the lines,
 * contingency (on lines and fringes alike) and the grand total.
 */
export function computeTotals(
  accounts: BudgetAccount[],
  lines: LineLike[],
  contingencyBps: number,
  fringes: readonly Fringe[] = [],
): BudgetTotals {
  const byCode = new Map<string, { amount: bigint; fringes: bigint }>();
  for (const l of lines) {
    const amount = lineAmount(l.quantity, l.rate);
    const sum = byCode.get(l.accountCode) ?? { amount: 0n, fringes: 0n };
    sum.amount += BigInt(amount);
    sum.fringes += BigInt(lineFringe(amount, l.fringeIds, fringes));
    byCode.set(l.accountCode, sum);
  }
  const of = (code: string) => {
    const sum = byCode.get(code);
    return { amount: toSafe(sum?.amount ?? 0n), fringes: toSafe(sum?.fringes ?? 0n) };
  };
  const rows: AccountTotal[] = accounts.map((a) => ({ ...a, ...of(a.code) }));
  // A line whose account left the chart (or a new one with none chosen yet) still counts, below the line.
  for (const code of byCode.keys()) {
    if (!accounts.some((a) => a.code === code))
      rows.push({
        code,
        name: code ? `Account ${code}` : "No account chosen yet",
        category: "below",
        ...of(code),
      });
  }
  const above = sumAmounts(rows.filter((r) => r.category === "above").map((r) => r.amount));
  const below = sumAmounts(rows.filter((r) => r.category === "below").map((r) => r.amount));
  const fringeTotal = sumAmounts(rows.map((r) => r.fringes ?? 0));
  const subtotal = sumAmounts([above, below, fringeTotal]);
  const contingency = contingencyOf(subtotal, contingencyBps);
  return {
    accounts: rows,
    above,
    below,
    fringes: fringeTotal,
    subtotal,
    contingencyBps,
    contingency,
    total: sumAmounts([subtotal, contingency]),
  };
}

/** PUT /rest/v1/budget-accounts (admins): the whole chart, in order. */
export const accountsInput = z.object({
  accounts: z
    .array(
      z.object({
        code: z
          .string("Each account needs a code.")
          .trim()
          .regex(/^\d{3,6}$/, "An account code is 3 to 6 digits, like 2100."),
        name: z
          .string("Each account needs a name.")
          .trim()
          .min(2, "An account's name needs at least 2 characters.")
          .max(80, "An account's name may be at most 80 characters long."),
        category: z.enum(BUDGET_CATEGORIES, "An account is above or below the line."),
      }),
      "The chart of accounts must be a list.",
    )
    .min(1, "The chart of accounts needs at least one account.")
    .max(100, "The chart of accounts may hold at most 100 accounts.")
    .superRefine((accounts, ctx) => {
      const seen = new Set<string>();
      accounts.forEach((a, i) => {
        if (seen.has(a.code))
          ctx.addIssue({
            code: "custom",
            path: [i, "code"],
            message: `Two accounts share the code ${a.code}; each needs its own.`,
          });
        seen.add(a.code);
      });
    }),
});
export type AccountsInput = z.infer<typeof accountsInput>;

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────────

const whole = (what: string, min: number, max: number) =>
  z
    .number(`${what} must be a number.`)
    .int(`${what} must be a whole number of the smallest unit.`)
    .min(min, `${what} cannot be below ${min}.`)
    .max(max, `${what} is too large.`);

export const budgetLineInput = z.object({
  id: z.string("Each line needs an id.").regex(UUID_PATTERN, "A line's id must be a UUID."),
  accountCode: z.string("Choose an account for each line.").trim().min(1, "Choose an account for each line.").max(10),
  description: z
    .string()
    .trim()
    .min(1, "Each line needs a description.")
    .max(DESCRIPTION_MAX, `A description may be at most ${DESCRIPTION_MAX} characters long.`),
  quantity: whole("The quantity", 0, QUANTITY_MAX),
  units: z.enum(BUDGET_UNITS, `Units are one of: ${BUDGET_UNITS.join(", ")}.`),
  rate: whole("The rate", 0, RATE_MAX),
  notes: z.string().trim().max(NOTES_MAX, `Notes may be at most ${NOTES_MAX} characters long.`).default(""),
  /** The budget's fringes on this line; only a labour account's line takes them. */
  fringeIds: z
    .array(z.string().regex(UUID_PATTERN, "A fringe's id must be a UUID."), "A line's fringes must be a list.")
    .max(FRINGES_MAX, `A line takes at most ${FRINGES_MAX} fringes.`)
    .optional(),
  /** The global the quantity is (SHOOT_DAYS): the server sets the quantity to its value. */
  quantityGlobal: z.string("A line's global is its name.").trim().max(40).nullable().optional(),
});
export type BudgetLineInput = z.infer<typeof budgetLineInput>;

export const budgetFringeInput = z
  .object({
    id: z.string("Each fringe needs an id.").regex(UUID_PATTERN, "A fringe's id must be a UUID."),
    name: z
      .string("Give each fringe a name.")
      .trim()
      .min(1, "Give each fringe a name, like Payroll tax.")
      .max(FRINGE_NAME_MAX, `A fringe's name may be at most ${FRINGE_NAME_MAX} characters long.`),
    kind: z.enum(FRINGE_KINDS, "A fringe is a percentage of the line or a flat amount per line."),
    value: whole("A fringe's percentage or amount", 0, RATE_MAX),
    cap: whole("A fringe's cap", 0, RATE_MAX).nullable().default(null),
  })
  .superRefine((f, ctx) => {
    if (f.kind === "percent" && f.value > FRINGE_PERCENT_MAX_BPS)
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: `The fringe “${f.name}” is at most 100 % of a line.`,
      });
  });
export type BudgetFringeInput = z.infer<typeof budgetFringeInput>;

export const budgetGlobalInput = z.object({
  name: z
    .string("Give each global a name.")
    .trim()
    .regex(GLOBAL_NAME_PATTERN, "A global's name is capitals, digits and _, starting with a letter, like SHOOT_DAYS."),
  value: whole("A global's value", 0, QUANTITY_MAX),
});

const uniqueBy =
  <T>(key: (t: T) => string, message: (t: T) => string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((t, i) => {
      if (seen.has(key(t))) ctx.addIssue({ code: "custom", path: [i], message: message(t) });
      seen.add(key(t));
    });
  };

/** A list of at most `max` entries, no two sharing `key`. */
const uniqueList = <T extends z.ZodType>(
  item: T,
  opts: { what: string; max: number; key(t: z.infer<T>): string; message(t: z.infer<T>): string },
) =>
  z
    .array(item, `${opts.what} must be a list.`)
    .max(opts.max, `A budget may hold at most ${opts.max} ${opts.what.toLowerCase()}.`)
    .superRefine(uniqueBy(opts.key, opts.message));

/** A budget's (or a course template's) fringes: ids unique. */
export const fringesList = uniqueList(budgetFringeInput, {
  what: "Fringes",
  max: FRINGES_MAX,
  key: (f) => f.id,
  message: () => "Two fringes share one id.",
});
/** A budget's (or a course template's) globals: names unique. */
export const globalsList = uniqueList(budgetGlobalInput, {
  what: "Globals",
  max: GLOBALS_MAX,
  key: (g) => g.name,
  message: (g) => `Two globals are named ${g.name}; each needs its own name.`,
});

/** PUT /rest/v1/budgets/:projectId: the whole draft, and the version it was edited from (0 = no draft yet). */
export const budgetSaveInput = z.object({
  version: z.number("Send the version of the budget you edited.").int().min(0),
  /** The crew's draft version the lines come from: a draft changed since is refused, not dropped. */
  draftVersion: z.number("The draft's version is a number.").int().min(0).optional(),
  contingencyBps: whole("The contingency", 0, CONTINGENCY_MAX_BPS),
  /** Left out: the budget has none (a save is the whole draft). */
  fringes: fringesList.optional(),
  globals: globalsList.optional(),
  lines: z
    .array(budgetLineInput, "Lines must be a list.")
    .max(BUDGET_LINES_MAX, `A budget may hold at most ${BUDGET_LINES_MAX} lines.`)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((l, i) => {
        if (seen.has(l.id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: "Two lines share one id." });
        seen.add(l.id);
      });
    }),
});
export type BudgetSaveInput = z.infer<typeof budgetSaveInput>;

/**
 * A line of the sheet as typed: the numbers are the text in their fields, so a half-typed "2." or a value
 * that does not parse yet is kept as it is, and only the save of the budget parses it.
 */
export const budgetDraftRow = z.object({
  id: z.string("Each line needs an id.").regex(UUID_PATTERN, "A line's id must be a UUID."),
  accountCode: z.string("Each line's account is text.").max(10, "An account code is at most 10 characters."),
  description: z
    .string("Each line's description is text.")
    .max(DESCRIPTION_MAX, `A description may be at most ${DESCRIPTION_MAX} characters long.`),
  quantity: z.string("Each line's quantity is the text typed.").max(40, "A quantity is at most 40 characters."),
  units: z.enum(BUDGET_UNITS, `Units are one of: ${BUDGET_UNITS.join(", ")}.`),
  rate: z.string("Each line's rate is the text typed.").max(40, "A rate is at most 40 characters."),
  notes: z.string("Each line's notes are text.").max(NOTES_MAX, `Notes may be at most ${NOTES_MAX} characters long.`),
  /** Absent in drafts typed before fringes existed. */
  fringeIds: z
    .array(z.string().regex(UUID_PATTERN, "A fringe's id must be a UUID."), "A line's fringes must be a list.")
    .max(FRINGES_MAX, `A line takes at most ${FRINGES_MAX} fringes.`)
    .optional(),
});
export type BudgetDraftRow = z.infer<typeof budgetDraftRow>;

/** A fringe as typed: the percentage, amount and cap stay the text in their fields until the save. */
export const budgetDraftFringe = z.object({
  id: z.string("Each fringe needs an id.").regex(UUID_PATTERN, "A fringe's id must be a UUID."),
  name: z
    .string("A fringe's name is text.")
    .max(FRINGE_NAME_MAX, `A fringe's name is at most ${FRINGE_NAME_MAX} characters.`),
  kind: z.enum(FRINGE_KINDS, "A fringe is a percentage of the line or a flat amount per line."),
  value: z.string("A fringe's value is the text typed.").max(40, "A fringe's value is at most 40 characters."),
  cap: z.string("A fringe's cap is the text typed.").max(40, "A fringe's cap is at most 40 characters."),
});
export type BudgetDraftFringe = z.infer<typeof budgetDraftFringe>;

export const budgetDraftGlobal = z.object({
  id: z.string("Each global needs an id.").regex(UUID_PATTERN, "A global's id must be a UUID."),
  name: z.string("A global's name is text.").max(40, "A global's name is at most 40 characters."),
  value: z.string("A global's value is the text typed.").max(40, "A global's value is at most 40 characters."),
});
export type BudgetDraftGlobal = z.infer<typeof budgetDraftGlobal>;

export const budgetDraftContent = z.object({
  contingency: z.string("The contingency is the text typed.").max(40, "The contingency is at most 40 characters."),
  /** Both absent in drafts typed before fringes and globals existed: read as none. */
  fringes: z.array(budgetDraftFringe, "Fringes must be a list.").max(FRINGES_MAX).optional(),
  globals: z.array(budgetDraftGlobal, "Globals must be a list.").max(GLOBALS_MAX).optional(),
  rows: z
    .array(budgetDraftRow, "Lines must be a list.")
    .max(BUDGET_LINES_MAX, `A budget may hold at most ${BUDGET_LINES_MAX} lines.`)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        if (seen.has(r.id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: "Two lines share one id." });
        seen.add(r.id);
      });
    }),
});
export type BudgetDraftContent = z.infer<typeof budgetDraftContent>;

/** PUT /rest/v1/budgets/:projectId/draft: the sheet as typed, and the draft version it was typed on. */
export const budgetDraftInput = budgetDraftContent.extend({
  version: z
    .number("Send the version of the draft you edited.")
    .int("The draft's version is a whole number.")
    .min(0, "The draft's version cannot be below 0."),
});
export type BudgetDraftInput = z.infer<typeof budgetDraftInput>;

/** The crew's unsaved sheet; `content` is null when nothing is typed beyond the saved budget. */
export interface BudgetDraftDto {
  version: number;
  content: BudgetDraftContent | null;
  updatedByName: string | null;
  updatedAt: string | null;
}

export interface StaleDraftDetails {
  current: BudgetDraftDto;
}

const email = z
  .string()
  .trim()
  .toLowerCase()
  .email("Give the approver's e-mail address, like name@school.edu.")
  .max(254);

export const proposalSubmitInput = z.object({
  version: z.number("Send the version of the budget you submit.").int().min(1, "Save the budget before submitting it."),
  /** Empty: the project's supervisor approves. */
  approverEmail: z.union([z.literal(""), email]).optional(),
  message: z.string().trim().max(COMMENT_MAX, `The message may be at most ${COMMENT_MAX} characters long.`).default(""),
});
export type ProposalSubmitInput = z.infer<typeof proposalSubmitInput>;

export const DECISIONS = ["approved", "changes_requested", "rejected"] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISION_LABELS: Record<Decision, string> = {
  approved: "Approve",
  changes_requested: "Request changes",
  rejected: "Reject",
};

export const decisionInput = z
  .object({
    decision: z.enum(DECISIONS, "Choose approve, request changes or reject."),
    comment: z
      .string()
      .trim()
      .max(COMMENT_MAX, `The comment may be at most ${COMMENT_MAX} characters long.`)
      .default(""),
    name: z.string("Give your name.").trim().min(2, "Give your name (at least 2 characters).").max(120),
  })
  .superRefine((d, ctx) => {
    if (d.decision !== "approved" && d.comment.length < 5) {
      ctx.addIssue({
        code: "custom",
        path: ["comment"],
        message: "Say what should change, or why the budget is rejected, in the comment.",
      });
    }
  });
export type DecisionInput = z.infer<typeof decisionInput>;

export const publicDecisionInput = z.intersection(
  decisionInput,
  z.object({ token: z.string("The link's token is missing.").min(1).max(200) }),
);

export const BYPASS_REASON_MIN = 10;
export const bypassInput = z.object({
  /** null: follow the school's setting. */
  bypass: z.boolean().nullable(),
  reason: z.string().trim().max(COMMENT_MAX).default(""),
});
export type BypassInput = z.infer<typeof bypassInput>;

export const expenseInput = z.object({
  lineId: z
    .string("Choose the budget line the expense belongs to.")
    .regex(UUID_PATTERN, "Choose the budget line the expense belongs to."),
  description: z.string().trim().min(1, "Describe the expense.").max(DESCRIPTION_MAX),
  amount: whole("The amount", 1, RATE_MAX),
  spentOn: z.iso.date({ message: "Dates look like 2026-10-15" }),
});
export type ExpenseInput = z.infer<typeof expenseInput>;

/** What a receipt may be; the server checks the bytes, this only guides the file picker. */
export const RECEIPT_ACCEPT =
  "application/pdf,image/jpeg,image/png,image/heic,image/heif,.pdf,.jpg,.jpeg,.png,.heic,.heif";
export const RECEIPT_TYPES_TEXT = "PDF, JPEG, PNG or HEIC";

/** POST /storage/v1/object/receipts/<projectId>/<expenseId>?name=: the file's bytes are the body. */
export const receiptQuery = uploadNameQuery;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

export const PROPOSAL_STATES = ["pending", "approved", "changes_requested", "rejected", "withdrawn"] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];
export const PROPOSAL_STATE_LABELS: Record<ProposalState, string> = {
  pending: "Pending",
  approved: "Approved",
  changes_requested: "Changes requested",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

export interface BudgetLineDto extends SnapshotLine {
  /** What the budget's fringes add to this line. */
  fringe: number;
}

export interface ReceiptDto {
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  uploadedByName: string | null;
  /** /storage/v1/object/receipts/<projectId>/<expenseId>: opens in the browser when it can show it; ?download saves it. */
  url: string;
  /** PDF, JPEG and PNG open in a browser tab; a HEIC photo is downloaded. */
  viewable: boolean;
}

export interface ExpenseDto {
  id: string;
  lineId: string | null;
  description: string;
  amount: number;
  spentOn: string;
  createdByName: string | null;
  createdAt: string;
  receipt: ReceiptDto | null;
}

export interface VarianceRow {
  key: string;
  label: string;
  budget: number;
  actual: number;
  /** budget − actual: negative is over budget. */
  variance: number;
  over: boolean;
}

/** The answer to a submission: the draft itself is unchanged, so only the new proposal and the list it joined. */
export interface ProposalSubmitted {
  proposalId: string;
  proposals: ProposalSummary[];
}

export interface ProposalSummary {
  id: string;
  number: number;
  state: ProposalState;
  total: number;
  contentHash: string;
  /** Absent unless the caller may see the project's contacts (its crew, staff, admins, the approver). */
  approverEmail?: string | null;
  submittedByName: string;
  submittedAt: string;
  message: string;
  decidedAt: string | null;
  decisionName: string | null;
  decisionComment: string | null;
  bypassed: boolean;
  bypassReason: string | null;
}

export interface BudgetDto {
  projectId: string;
  projectTitle: string;
  currency: string;
  /** The school's: how the sheet writes amounts and quantities. */
  numberFormat: NumberFormat;
  /** 0: nothing saved yet. */
  version: number;
  contingencyBps: number;
  fringes: Fringe[];
  globals: BudgetGlobal[];
  accounts: BudgetAccount[];
  lines: BudgetLineDto[];
  totals: BudgetTotals;
  expenses: ExpenseDto[];
  actuals: { lines: VarianceRow[]; accounts: VarianceRow[]; categories: VarianceRow[]; total: VarianceRow };
  proposals: ProposalSummary[];
  bypass: {
    school: boolean;
    project: boolean | null;
    reason: string | null;
    setByName: string | null;
    applies: boolean;
  };
  /** The supervisor's e-mail is absent unless the caller may see the project's contacts. */
  supervisor: { name: string; email?: string } | null;
  /** The caller sees the contacts on this budget (the crew, staff and admins); others see names. */
  contactsVisible: boolean;
  canEdit: boolean;
  /** The crew's unsaved sheet, for the crew, staff and admins; null for everyone else. */
  draft: BudgetDraftDto | null;
  /** Only the crew types into the shared draft; staff who edit save the budget directly. */
  canDraft: boolean;
  canSetBypass: boolean;
  updatedAt: string | null;
}

export interface StaleBudgetDetails {
  current: BudgetDto;
}

export interface SnapshotLine {
  id: string;
  accountCode: string;
  description: string;
  quantity: number;
  units: BudgetUnit;
  rate: number;
  notes: string;
  amount: number;
  /**
   * Present only when set, so a snapshot without fringes or globals hashes as it did before they existed.
   */
  fringeIds?: string[];
  fringe?: number;
  quantityGlobal?: string;
}

export interface ProposalSnapshot {
  projectTitle: string;
  currency: string;
  contingencyBps: number;
  accounts: BudgetAccount[];
  lines: SnapshotLine[];
  /** Present only when the budget has any (see SnapshotLine). */
  fringes?: Fringe[];
  globals?: BudgetGlobal[];
}

export interface ProposalDiff {
  /** The approved proposal compared against; null when none was approved before. */
  previousNumber: number | null;
  previousTotal: number | null;
  accounts: { code: string; name: string; before: number; after: number }[];
  added: SnapshotLine[];
  removed: SnapshotLine[];
  changed: { before: SnapshotLine; after: SnapshotLine }[];
}

/** What an approver sees, from the e-mailed link or in the app. */
export interface ProposalView extends ProposalSummary {
  projectId: string;
  snapshot: ProposalSnapshot;
  totals: BudgetTotals;
  diff: ProposalDiff;
  /** The viewer may decide now (pending, and the approver or a valid link). */
  canDecide: boolean;
  /** The school's: how the page writes the amounts, as the e-mail that links to it did. */
  numberFormat: NumberFormat;
}

export interface PendingBudgetApproval {
  id: string;
  projectId: string;
  projectTitle: string;
  number: number;
  total: number;
  currency: string;
  /** Absent unless the caller may see the project's contacts. */
  approverEmail?: string | null;
  submittedByName: string;
  submittedAt: string;
}
