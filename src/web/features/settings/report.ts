import { toast } from "sonner";
import type { Problem } from "../auth/messages.ts";

/** Says what is wrong and puts the cursor in the field to fix. */
export function report(problem: Problem) {
  toast.error(problem.title, { description: problem.description });
  document.getElementById(problem.field)?.focus();
}
