import { and, asc, desc, eq, getTableColumns, inArray, lt, notInArray, sql, type SQLWrapper } from "drizzle-orm";
import { DEFAULT_ACCOUNTS, type BudgetAccount, type BudgetLineInput } from "../../../common/budget.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import {
  budgetAccounts,
  budgetExpenses,
  budgetLines,
  budgetProposals,
  budgets,
  profiles,
  projectMembers,
  projects,
} from "../../db/schema/index.ts";

export type BudgetRow = typeof budgets.$inferSelect;
export type LineRow = Omit<typeof budgetLines.$inferSelect, "budgetId">;
export type ProposalRow = typeof budgetProposals.$inferSelect;

/** The school's chart; an empty one is filled from the template the first time anyone asks. */
export async function selectAccounts(db: DbOrTx): Promise<BudgetAccount[]> {
  const read = () =>
    db
      .select({ code: budgetAccounts.code, name: budgetAccounts.name, category: budgetAccounts.category })
      .from(budgetAccounts)
      .orderBy(asc(budgetAccounts.position));
  const rows = await read();
  if (rows.length > 0) return rows;
  await db
    .insert(budgetAccounts)
    .values(DEFAULT_ACCOUNTS.map((a, i) => ({ ...a, position: i })))
    .onConflictDoNothing();
  return read();
}

export async function replaceAccounts(db: DbOrTx, accounts: BudgetAccount[]) {
  await db.delete(budgetAccounts).where(
    notInArray(
      budgetAccounts.code,
      accounts.map((a) => a.code),
    ),
  );
  await db
    .insert(budgetAccounts)
    .values(accounts.map((a, i) => ({ ...a, position: i })))
    .onConflictDoUpdate({
      target: budgetAccounts.code,
      set: { name: sql`excluded.name`, category: sql`excluded.category`, position: sql`excluded.position` },
    });
}

/** How many draft lines use each of these account codes. */
export async function countLinesByAccount(db: DbOrTx, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ code: budgetLines.accountCode, n: sql<number>`count(*)`.mapWith(Number) })
    .from(budgetLines)
    .where(inArray(budgetLines.accountCode, codes))
    .groupBy(budgetLines.accountCode);
}

export async function selectProject(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: projects.id,
      title: projects.title,
      supervisorId: projects.supervisorId,
      supervisorName: profiles.fullName,
      supervisorEmail: profiles.email,
    })
    .from(projects)
    .leftJoin(profiles, eq(profiles.id, projects.supervisorId))
    .where(eq(projects.id, id));
  return row ?? null;
}

export async function selectCrewIds(db: DbOrTx, projectId: string) {
  return (
    await db.select({ id: projectMembers.userId }).from(projectMembers).where(eq(projectMembers.projectId, projectId))
  ).map((r) => r.id);
}

const budgetOf = (db: DbOrTx, projectId: string | SQLWrapper) =>
  db.select().from(budgets).where(eq(budgets.projectId, projectId));
const keptBudgetOf = preparedQuery((db) => budgetOf(db, sql.placeholder("projectId")));

export async function selectBudget(db: DbOrTx, projectId: string, opts: { lock?: boolean } = {}) {
  const [row] = opts.lock ? await budgetOf(db, projectId).for("update") : await keptBudgetOf(db, { projectId });
  return row ?? null;
}

/**
 * The draft's lines in order, as one JSON array: a budget has up to thousands of lines, and reading them as
 * rows costs the driver a parse per field (2,000 lines: 30–45 ms on PGlite, against 15–18 ms for the array).
 * Every column is text or an integer within the safe range, so JSON carries each value exactly.
 * A select from a derived table rather than `db.execute`, so that it is built once and sent by name.
 */
const linesOf = preparedQuery((db) =>
  db.select({ lines: sql<string>`coalesce(json_agg(l order by l.position), '[]')::text` }).from(sql`(
      select ${budgetLines.id} as "id", ${budgetLines.accountCode} as "accountCode", ${budgetLines.description} as "description",
             ${budgetLines.quantity} as "quantity", ${budgetLines.units} as "units", ${budgetLines.rate} as "rate",
             ${budgetLines.notes} as "notes", ${budgetLines.position} as "position",
             ${budgetLines.fringeIds} as "fringeIds", ${budgetLines.quantityGlobal} as "quantityGlobal"
      from ${budgetLines} where ${budgetLines.budgetId} = ${sql.placeholder("budgetId")}
    ) l`),
);

export async function selectLines(db: DbOrTx, budgetId: string): Promise<LineRow[]> {
  const [row] = await linesOf(db, { budgetId });
  return JSON.parse(row!.lines) as LineRow[];
}

const CHUNK = 1000;

/**
 * Writes the draft's lines as sent: lines left out are deleted, the others inserted or updated in place
 * (ids are the client's, so an expense keeps its line across saves). Answers how many rows were written:
 * fewer than sent means an id belonged to another budget's line.
 */
export async function writeLines(
  db: DbOrTx,
  budgetId: string,
  lines: (BudgetLineInput & { fringeIds: string[]; quantityGlobal: string | null })[],
): Promise<number> {
  const ids = lines.map((l) => l.id);
  await db
    .delete(budgetLines)
    .where(and(eq(budgetLines.budgetId, budgetId), ids.length ? notInArray(budgetLines.id, ids) : undefined));
  let written = 0;
  for (let i = 0; i < lines.length; i += CHUNK) {
    const rows = lines.slice(i, i + CHUNK).map((l, j) => ({ ...l, budgetId, position: i + j }));
    const out = await db
      .insert(budgetLines)
      .values(rows)
      .onConflictDoUpdate({
        target: budgetLines.id,
        set: {
          position: sql`excluded.position`,
          accountCode: sql`excluded.account_code`,
          description: sql`excluded.description`,
          quantity: sql`excluded.quantity`,
          units: sql`excluded.units`,
          rate: sql`excluded.rate`,
          notes: sql`excluded.notes`,
          fringeIds: sql`excluded.fringe_ids`,
          quantityGlobal: sql`excluded.quantity_global`,
        },
        setWhere: sql`${budgetLines.budgetId} = excluded.budget_id`,
      })
      .returning({ id: budgetLines.id });
    written += out.length;
  }
  return written;
}

/** Lines of this budget, not in `keep`, that have expenses: deleting them would orphan the spending. */
export async function selectSpentLinesOutside(db: DbOrTx, budgetId: string, keep: string[]) {
  return db
    .selectDistinct({ id: budgetLines.id, description: budgetLines.description })
    .from(budgetLines)
    .innerJoin(budgetExpenses, eq(budgetExpenses.lineId, budgetLines.id))
    .where(and(eq(budgetLines.budgetId, budgetId), keep.length ? notInArray(budgetLines.id, keep) : undefined));
}

const expensesOf = preparedQuery((db) =>
  db
    .select()
    .from(budgetExpenses)
    .where(eq(budgetExpenses.budgetId, sql.placeholder("budgetId")))
    .orderBy(desc(budgetExpenses.spentOn), desc(budgetExpenses.createdAt)),
);

export const selectExpenses = (db: DbOrTx, budgetId: string) => expensesOf(db, { budgetId });

/**
 * A large JSON text as a jsonb parameter in binary form (a version byte, 1, then the UTF-8 text), which
 * PostgreSQL and PGlite read with jsonb_recv. A 400 kB snapshot sent as a text parameter cost PGlite about
 * 10–15 ms more: its driver measures the string twice in JavaScript and the server checks it as text first.
 */
const JSONB_VERSION = Buffer.from([1]);
export const jsonbParam = (json: string) => sql`${Buffer.concat([JSONB_VERSION, Buffer.from(json)])}::jsonb`;

/** Every column but the frozen snapshot and totals: the list never shows them, and each is as large as the budget. */
const { snapshot: _snapshot, totals: _totals, ...summaryColumns } = getTableColumns(budgetProposals);
export type ProposalSummaryRow = Omit<ProposalRow, "snapshot" | "totals">;

const proposalsOf = preparedQuery((db) =>
  db
    .select(summaryColumns)
    .from(budgetProposals)
    .where(eq(budgetProposals.budgetId, sql.placeholder("budgetId")))
    .orderBy(desc(budgetProposals.number))
    .limit(sql.placeholder("limit")),
);

export const selectProposals = (db: DbOrTx, budgetId: string, limit = 50): Promise<ProposalSummaryRow[]> =>
  proposalsOf(db, { budgetId, limit });

export async function selectProposal(db: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(budgetProposals).where(eq(budgetProposals.id, id));
  const [row] = opts.lock ? await q.for("update") : await q;
  return row ?? null;
}

export async function selectPreviousApproved(db: DbOrTx, p: Pick<ProposalRow, "budgetId" | "number">) {
  const [row] = await db
    .select()
    .from(budgetProposals)
    .where(
      and(
        eq(budgetProposals.budgetId, p.budgetId),
        eq(budgetProposals.state, "approved"),
        lt(budgetProposals.number, p.number),
      ),
    )
    .orderBy(desc(budgetProposals.number))
    .limit(1);
  return row ?? null;
}

export async function nextProposalNumber(db: DbOrTx, budgetId: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${budgetProposals.number}), 0) + 1`.mapWith(Number) })
    .from(budgetProposals)
    .where(eq(budgetProposals.budgetId, budgetId));
  return row?.n ?? 1;
}

export async function selectPending(db: DbOrTx, limit: number) {
  return db
    .select({ proposal: budgetProposals, projectTitle: projects.title })
    .from(budgetProposals)
    .innerJoin(projects, eq(projects.id, budgetProposals.projectId))
    .where(eq(budgetProposals.state, "pending"))
    .orderBy(asc(budgetProposals.submittedAt))
    .limit(limit);
}

export async function selectUserIdByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.email, email), eq(profiles.active, true)));
  return row?.id ?? null;
}

export async function selectNames(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: profiles.id, name: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
