import { toast } from "sonner";
import { ApiError } from "../../lib/api.ts";
import type { Problem } from "../auth/messages.ts";

/** Says what is wrong and puts the cursor in the field to fix. */
export function report(problem: Problem) {
  toast.error(problem.title, { description: problem.description });
  document.getElementById(problem.field)?.focus();
}

export const failed = (title: string) => (err: unknown) =>
  toast.error(title, { description: err instanceof ApiError ? err.message : "An unexpected error occurred" });
