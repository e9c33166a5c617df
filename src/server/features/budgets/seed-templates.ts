import { eq } from "drizzle-orm";
import type { BudgetTemplateLine } from "../../../common/budget-template.ts";
import type { Services } from "../../context.ts";
import { budgetTemplates, projects } from "../../db/schema/index.ts";

/** The school's day rates for a short, as The Weight of Water's course teaches them (rates in cents). */
const SHORT_TEMPLATE: BudgetTemplateLine[] = [
  { accountCode: "1200", description: "Producer day rate", quantity: 100, units: "days", rate: 15_000 },
  { accountCode: "1300", description: "Director day rate", quantity: 100, units: "days", rate: 15_000 },
  { accountCode: "1400", description: "Cast day rate", quantity: 100, units: "days", rate: 12_000 },
  { accountCode: "2100", description: "Director of photography day rate", quantity: 100, units: "days", rate: 20_000 },
  { accountCode: "2100", description: "Camera package rental", quantity: 100, units: "days", rate: 22_000 },
  { accountCode: "2300", description: "Sound recordist day rate", quantity: 100, units: "days", rate: 14_000 },
  { accountCode: "2800", description: "Catering per person-day", quantity: 100, units: "each", rate: 1_250 },
  { accountCode: "3300", description: "Production insurance", quantity: 100, units: "flat", rate: 35_000 },
];

/** The Weight of Water's course keeps a budget template, so its projects can start their budgets from it. */
export async function seedBudgetTemplates(s: Pick<Services, "db">) {
  const [film] = await s.db
    .select({ courseId: projects.courseId })
    .from(projects)
    .where(eq(projects.title, "The Weight of Water"));
  if (!film?.courseId) return;
  await s.db
    .insert(budgetTemplates)
    .values({ courseId: film.courseId, lines: SHORT_TEMPLATE, updatedByName: "The Portal demo" })
    .onConflictDoNothing();
}
