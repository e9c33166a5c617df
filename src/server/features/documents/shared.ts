/** What the documents topics share: the services they take, who may read and change a project's documents. */
import type { Caller } from "../../auth/caller.ts";
import { projectFor } from "../projects/access.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";

export type S = Pick<Services, "db" | "events" | "config">;

export const noDocument = () => new AppError("not_found", "There is no document with this id on this project.");

// ── Who may do what ──────────────────────────────────────────────────────────────────────────────
// Releases and deal memos carry outside people's addresses and fees, so unlike the project page they
// are read only by the crew, staff and admins; the same people change them.

// Releases, signers and their e-mail are the contacts of people outside the school: the project's `edit` need
// is the contacts rule's audience (`projects/contacts.ts`).
export const projectAccess = (db: DbOrTx, caller: Caller, projectId: string) =>
  projectFor(db, caller, projectId, {
    need: "edit",
    denied: "Only the project's crew, staff and admins can see its documents.",
  });

export const iso = (d: Date | null) => d?.toISOString() ?? null;
