import type { ZodType } from "zod";

/** The first problem zod finds, worded for people, or null when the input is good. */
export function firstProblem(schema: ZodType, value: unknown): { message: string; path: string } | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { message: issue?.message ?? "Check the form.", path: String(issue?.path[0] ?? "") };
}
