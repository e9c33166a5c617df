import { eq } from "drizzle-orm";
import type { BudgetGlobal, Fringe } from "../../../common/budget-rules.ts";
import type { BudgetTemplateLine } from "../../../common/budget-template.ts";
import type { Services } from "../../context.ts";
import { budgetTemplates, projects } from "../../db/schema/index.ts";

const PAYROLL = "5c0f9a52-6f0e-4c3b-9a51-0d1f2e7a7c01";
const HOLIDAY = "5c0f9a52-6f0e-4c3b-9a51-0d1f2e7a7c02";
/** The charges the school teaches on wages. */
const SHORT_FRINGES: Fringe[] = [
  { id: PAYROLL, name: "Payroll taxes", kind: "percent", value: 765, cap: null },
  { id: HOLIDAY, name: "Holiday pay", kind: "percent", value: 800, cap: null },
];
const SHORT_GLOBALS: BudgetGlobal[] = [{ name: "SHOOT_DAYS", value: 500 }];
const wages = { quantity: 500, quantityGlobal: "SHOOT_DAYS", units: "days", fringeIds: [PAYROLL, HOLIDAY] } as const;

/** The school's day rates for a short, as The Weight of Water's course teaches them (rates in cents). */
const SHORT_TEMPLATE: BudgetTemplateLine[] = [
  { accountCode: "1200", description: "Producer day rate", rate: 15_000, ...wages, fringeIds: [PAYROLL] },
  { accountCode: "1300", description: "Director day rate", rate: 15_000, ...wages, fringeIds: [PAYROLL] },
  { accountCode: "1400", description: "Cast day rate", rate: 12_000, ...wages, fringeIds: [PAYROLL, HOLIDAY] },
  {
    accountCode: "2100",
    description: "Director of photography day rate",
    rate: 20_000,
    ...wages,
    fringeIds: [PAYROLL, HOLIDAY],
  },
  {
    accountCode: "2100",
    description: "Camera package rental",
    quantity: 500,
    quantityGlobal: "SHOOT_DAYS",
    units: "days",
    rate: 22_000,
  },
  {
    accountCode: "2300",
    description: "Sound recordist day rate",
    rate: 14_000,
    ...wages,
    fringeIds: [PAYROLL, HOLIDAY],
  },
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
    .values({
      courseId: film.courseId,
      lines: SHORT_TEMPLATE,
      fringes: SHORT_FRINGES,
      globals: SHORT_GLOBALS,
      updatedByName: "The Portal demo",
    })
    .onConflictDoNothing();
}
