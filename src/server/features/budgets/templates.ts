import { eq } from "drizzle-orm";
import {
  budgetTemplateInput,
  type BudgetTemplateDto,
  type BudgetTemplateInput,
  type BudgetTemplateLine,
} from "../../../common/budget-template.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { budgetTemplates } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { courseAccess, publishCourseChanged } from "../courses/index.ts";
import { getSchoolSettings } from "../school/service.ts";
import type { BudgetGlobal, Fringe } from "../../../common/budget-rules.ts";
import { checkedLines, type CheckedLine } from "./fringes.ts";
import * as repo from "./repository.ts";
import type { S } from "./shared.ts";

export interface CourseTemplate {
  lines: BudgetTemplateLine[];
  fringes: Fringe[];
  globals: BudgetGlobal[];
}

/** A course's template; empty when the course has not saved one. */
export async function templateOf(db: DbOrTx, courseId: string): Promise<CourseTemplate> {
  const [row] = await db.select().from(budgetTemplates).where(eq(budgetTemplates.courseId, courseId));
  return { lines: row?.lines ?? [], fringes: row?.fringes ?? [], globals: row?.globals ?? [] };
}

/** A line as the template keeps it: fringes and a global only when it has them, as templates before them read. */
const keptLine = ({ fringeIds, quantityGlobal, ...l }: CheckedLine<BudgetTemplateLine>): BudgetTemplateLine => ({
  ...l,
  ...(fringeIds.length ? { fringeIds } : {}),
  ...(quantityGlobal ? { quantityGlobal } : {}),
});

async function toDto(db: DbOrTx, courseId: string, canEdit: boolean): Promise<BudgetTemplateDto> {
  const [[row], settings] = await Promise.all([
    db.select().from(budgetTemplates).where(eq(budgetTemplates.courseId, courseId)),
    getSchoolSettings(db),
  ]);
  return {
    courseId,
    lines: row?.lines ?? [],
    fringes: row?.fringes ?? [],
    globals: row?.globals ?? [],
    updatedByName: row?.updatedByName ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    canEdit,
    currency: settings.currency,
    numberFormat: settings.numberFormat,
  };
}

/** Whoever may see the course reads its template (its students plan with it); its teachers and admins change it. */
export async function getTemplate(s: Pick<S, "db">, opts: { caller: Caller; courseId: string }) {
  const course = await courseAccess(s.db, opts.caller, opts.courseId);
  return toDto(s.db, course.id, course.canEdit);
}

export async function saveTemplate(
  s: S,
  opts: { caller: Caller & { name: string }; courseId: string; input: BudgetTemplateInput },
): Promise<BudgetTemplateDto> {
  const input = budgetTemplateInput.parse(opts.input);
  const course = await courseAccess(s.db, opts.caller, opts.courseId);
  if (!course.canEdit)
    throw new AppError("forbidden", `Only the teachers of ${course.code} and admins can change its budget template.`);
  // The budget's own checks: a template line is what a budget's line becomes when a budget starts from it.
  const codes = new Set((await repo.selectAccounts(s.db)).map((a) => a.code));
  const lines = checkedLines(input, codes).map(keptLine);
  const values = {
    lines,
    fringes: input.fringes ?? [],
    globals: input.globals ?? [],
    updatedByName: opts.caller.name,
    updatedAt: new Date(),
  };
  await s.db
    .insert(budgetTemplates)
    .values({ courseId: course.id, ...values })
    .onConflictDoUpdate({ target: budgetTemplates.courseId, set: values });
  await publishCourseChanged(s, course.id);
  return toDto(s.db, course.id, course.canEdit);
}
