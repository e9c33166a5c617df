import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  BUDGET_CATEGORIES,
  BUDGET_UNITS,
  PROPOSAL_STATES,
  type BudgetDraftContent,
  type BudgetGlobal,
  type Fringe,
  type BudgetTotals,
  type ProposalSnapshot,
} from "../../../common/budget.ts";
import type { LineChangeKind, LineState } from "../../../common/budget-diff.ts";
import { user } from "./auth.ts";
import { projects } from "./projects.ts";
import { courses } from "./courses.ts";
import type { BudgetTemplateLine } from "../../../common/budget-template.ts";

export const budgetCategoryEnum = pgEnum("budget_category", BUDGET_CATEGORIES);
export const budgetUnitEnum = pgEnum("budget_unit", BUDGET_UNITS);
export const proposalStateEnum = pgEnum("proposal_state", PROPOSAL_STATES);

/** The school's chart of accounts; every budget is built on it. */
export const budgetAccounts = pgTable("budget_accounts", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  category: budgetCategoryEnum("category").notNull(),
  position: integer("position").notNull(),
});

/** One draft budget per project; proposals are frozen copies of it. */
export const budgets = pgTable("budgets", {
  id: uuid("id").primaryKey().defaultRandom(),
  projectId: uuid("project_id")
    .notNull()
    .unique()
    .references(() => projects.id, { onDelete: "cascade" }),
  contingencyBps: integer("contingency_bps").notNull(),
  /** The budget's fringes (payroll tax, holiday pay), which its labour lines name by id. */
  fringes: jsonb("fringes").$type<Fringe[]>().notNull().default([]),
  /** Named values (SHOOT_DAYS) that lines' quantities use by name. */
  globals: jsonb("globals").$type<BudgetGlobal[]>().notNull().default([]),
  /** Raised by every save of the draft; a save naming an older version is refused with the current draft. */
  version: integer("version").notNull().default(1),
  /** Staff's per-project override of the school's bypass setting; null follows the school. */
  bypass: boolean("bypass"),
  bypassReason: text("bypass_reason"),
  bypassSetBy: text("bypass_set_by").references(() => user.id, { onDelete: "set null" }),
  bypassSetByName: text("bypass_set_by_name"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const budgetLines = pgTable(
  "budget_lines",
  {
    id: uuid("id").primaryKey(),
    budgetId: uuid("budget_id")
      .notNull()
      .references(() => budgets.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    accountCode: text("account_code").notNull(),
    description: text("description").notNull(),
    /** Hundredths: 2.5 days is 250. */
    quantity: integer("quantity").notNull(),
    units: budgetUnitEnum("units").notNull(),
    /** Minor units of the school's currency. */
    rate: integer("rate").notNull(),
    notes: text("notes").notNull().default(""),
    /** Ids of the budget's fringes applied to this line. */
    fringeIds: jsonb("fringe_ids").$type<string[]>().notNull().default([]),
    /** The global the quantity follows; the quantity column holds its value as of the last save. */
    quantityGlobal: text("quantity_global"),
  },
  (t) => [index("budget_lines_budget_idx").on(t.budgetId, t.position)],
);

export const budgetExpenses = pgTable(
  "budget_expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    budgetId: uuid("budget_id")
      .notNull()
      .references(() => budgets.id, { onDelete: "cascade" }),
    lineId: uuid("line_id").references(() => budgetLines.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    amount: integer("amount").notNull(),
    spentOn: date("spent_on").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The receipt's file in storage ("receipts/<projectId>/<expenseId>/<uuid>.<ext>"); null when none is kept. */
    receiptKey: text("receipt_key"),
    receiptName: text("receipt_name"),
    receiptType: text("receipt_type"),
    receiptSize: integer("receipt_size"),
    receiptSha256: text("receipt_sha256"),
    receiptUploadedAt: timestamp("receipt_uploaded_at", { withTimezone: true }),
    receiptUploadedByName: text("receipt_uploaded_by_name"),
  },
  (t) => [index("budget_expenses_budget_idx").on(t.budgetId)],
);

/**
 * A submitted budget: snapshot, totals and hash never change (a trigger in the custom migration refuses it);
 * only the state and the decision record move, once, from pending.
 */
export const budgetProposals = pgTable(
  "budget_proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    budgetId: uuid("budget_id")
      .notNull()
      .references(() => budgets.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    snapshot: jsonb("snapshot").$type<ProposalSnapshot>().notNull(),
    totals: jsonb("totals").$type<BudgetTotals>().notNull(),
    total: integer("total").notNull(),
    contentHash: text("content_hash").notNull(),
    state: proposalStateEnum("state").notNull().default("pending"),
    message: text("message").notNull().default(""),
    submittedBy: text("submitted_by").references(() => user.id, { onDelete: "set null" }),
    submittedByName: text("submitted_by_name").notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    approverEmail: text("approver_email"),
    approverUserId: text("approver_user_id").references(() => user.id, { onDelete: "set null" }),
    /** sha256 of proposal id, content hash and the link's secret: the link works for this snapshot only. */
    tokenHash: text("token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionName: text("decision_name"),
    decisionComment: text("decision_comment"),
    decisionIp: text("decision_ip"),
    decisionUserAgent: text("decision_user_agent"),
    decidedByUserId: text("decided_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Through the public link, or signed in. */
    decisionVia: text("decision_via"),
    bypassed: boolean("bypassed").notNull().default(false),
    bypassReason: text("bypass_reason"),
  },
  (t) => [
    uniqueIndex("budget_proposals_number_idx").on(t.budgetId, t.number),
    // One proposal waits for a decision at a time: a new submission withdraws the one before.
    uniqueIndex("budget_proposals_one_pending_idx")
      .on(t.budgetId)
      .where(sql`${t.state} = 'pending'`),
    index("budget_proposals_state_idx").on(t.state, t.submittedAt),
    index("budget_proposals_project_idx").on(t.projectId),
  ],
);

/**
 * The sheet as the crew is typing it, before it is saved as a budget version: kept on the server as one
 * types, so switching tabs, pages or a reload loses nothing, and the rest of the crew sees it. Numbers stay
 * text ("2." or "12,5" mid-typing), as the sheet shows them. `version` only grows (a save of the budget
 * clears `content` and raises it), so a writer naming an older version is refused, never overwritten.
 */
export const budgetDrafts = pgTable("budget_drafts", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  version: integer("version").notNull().default(0),
  /** Null when nothing is typed beyond the saved budget. */
  content: jsonb("content").$type<BudgetDraftContent>(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedByName: text("updated_by_name"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every saved change of a budget line (added, changed, removed): who, when, and the line before and after.
 * Written by the one save of a budget (features/budgets/history.ts), read only when someone opens a line's
 * history; the line may since be gone, so its id is not a reference.
 */
export const budgetLineChanges = pgTable(
  "budget_line_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    budgetId: uuid("budget_id")
      .notNull()
      .references(() => budgets.id, { onDelete: "cascade" }),
    lineId: uuid("line_id").notNull(),
    kind: text("kind").$type<LineChangeKind>().notNull(),
    before: jsonb("before").$type<LineState>(),
    after: jsonb("after").$type<LineState>(),
    /** The budget's version this save made. */
    version: integer("version").notNull(),
    changedBy: text("changed_by").references(() => user.id, { onDelete: "set null" }),
    changedByName: text("changed_by_name").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("budget_line_changes_line_idx").on(t.budgetId, t.lineId, t.changedAt)],
);

/**
 * A course's budget template, kept by its teachers (and admins): the lines a project of the course starts its
 * budget from, with the typical rates a crew member's day is paid. Numbers as a budget line keeps them
 * (quantity in hundredths, rate in minor units). One row per course, absent until someone saves one.
 */
export const budgetTemplates = pgTable("budget_templates", {
  courseId: uuid("course_id")
    .primaryKey()
    .references(() => courses.id, { onDelete: "cascade" }),
  lines: jsonb("lines").$type<BudgetTemplateLine[]>().notNull().default([]),
  /** The template's fringes, which its labour lines name by id, and its globals, which quantities name. */
  fringes: jsonb("fringes").$type<Fringe[]>().notNull().default([]),
  globals: jsonb("globals").$type<BudgetGlobal[]>().notNull().default([]),
  updatedByName: text("updated_by_name"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
