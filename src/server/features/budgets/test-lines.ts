import { randomUUID } from "node:crypto";
import type { BudgetLineInput } from "../../../common/budget.ts";

/** A budget line for the budget tests: three days of a director of photography, unless told otherwise. */
export const line = (over: Partial<BudgetLineInput> = {}): BudgetLineInput => ({
  id: randomUUID(),
  accountCode: "2100",
  description: "Director of photography",
  quantity: 300,
  units: "days",
  rate: 20_000,
  notes: "",
  ...over,
});
