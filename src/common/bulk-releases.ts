import { z } from "zod";
import { TEMPLATES } from "./documents.ts";

/** At most this many people in one bulk send. */
export const BULK_RECIPIENTS_MAX = 100;

/** One release template to many people: a pasted list, one "Name, e-mail" per line. */
export const bulkReleaseInput = z.object({
  template: z.enum(TEMPLATES, { message: `The template is one of: ${TEMPLATES.join(", ")}` }),
  /** What the template's second blank says for everyone (a role, a location); may be empty. */
  detail: z.string().trim().max(300, "The detail may be at most 300 characters long.").default(""),
  list: z.string("Paste the list of people").max(50_000, "The list is too long to send at once."),
  message: z.string().trim().max(2000).default(""),
  /** Only check the list and answer each line's state; nothing is made or sent. */
  dryRun: z.boolean().default(false),
});
export type BulkReleaseInput = z.input<typeof bulkReleaseInput>;

/** A line of the list: whom it names, and what is wrong with it or what became of it. */
export interface BulkRecipientLine {
  line: number;
  name: string;
  email: string;
  /** Why this line is not sent (bad e-mail, duplicate, no name); null when it is fine. */
  error: string | null;
  /** ready (dry run), sent now, or already sent before (a retry sends no one twice). */
  state: "ready" | "sent" | "already_sent" | "error";
}

export interface BulkReleaseResult {
  lines: BulkRecipientLine[];
  sent: number;
}
