/** One release template to many people at once: each gets their own filled copy to sign, through the mail queue. */
import { and, eq, inArray } from "drizzle-orm";
import {
  bulkReleaseInput,
  type BulkRecipientLine,
  type BulkReleaseInput,
  type BulkReleaseResult,
} from "../../../common/bulk-releases.ts";
import { TEMPLATE_INFO } from "../../../common/documents.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { documents, signatureSigners, signatureSubmissions } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { createFromTemplate } from "./editing.ts";
import { parseRecipients } from "./recipient-list.ts";
import { projectAccess, type S } from "./shared.ts";
import { createSubmission } from "./signature-requests.ts";

/** The addresses that already have a copy of this template out for signature or signed on this project. */
async function alreadySent(db: DbOrTx, projectId: string, template: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: signatureSigners.email })
    .from(signatureSigners)
    .innerJoin(signatureSubmissions, eq(signatureSubmissions.id, signatureSigners.submissionId))
    .innerJoin(documents, eq(documents.id, signatureSubmissions.documentId))
    .where(
      and(
        eq(documents.projectId, projectId),
        eq(documents.template, template),
        inArray(signatureSubmissions.status, ["pending", "completed"]),
        inArray(signatureSigners.email, emails),
      ),
    );
  return new Set(rows.map((r) => r.email));
}

/**
 * Checks the list (dry run) or sends: each good line gets its own copy of the template, filled with their name,
 * sent for signature to them alone. Someone who already has a copy of this template out or signed is not sent
 * another, so sending the same list again after a failure sends only to those still missing.
 */
export async function sendBulkReleases(
  s: S,
  opts: { caller: Caller; projectId: string; input: BulkReleaseInput },
): Promise<BulkReleaseResult> {
  const input = bulkReleaseInput.parse(opts.input);
  if (TEMPLATE_INFO[input.template].category !== "release_forms")
    throw new AppError("bad_request", "Only releases go to many people at once; a deal memo names a fee per person.");
  await projectAccess(s.db, opts.caller, opts.projectId);
  const lines = parseRecipients(input.list);
  const ok = lines.filter((l) => !l.error);
  const before = await alreadySent(
    s.db,
    opts.projectId,
    input.template,
    ok.map((l) => l.email),
  );
  const out: BulkRecipientLine[] = lines.map((l) =>
    !l.error && before.has(l.email) ? { ...l, state: "already_sent" } : l,
  );
  if (input.dryRun) return { lines: out, sent: 0 };
  let sent = 0;
  for (const l of out) {
    if (l.state !== "ready") continue;
    const doc = await createFromTemplate(s, {
      caller: opts.caller,
      projectId: opts.projectId,
      input: { template: input.template, party: l.name, detail: input.detail },
    });
    await createSubmission(s, {
      caller: opts.caller,
      projectId: opts.projectId,
      documentId: doc.id,
      input: { signers: [{ name: l.name, email: l.email, role: "signer" }], message: input.message },
    });
    l.state = "sent";
    sent++;
  }
  return { lines: out, sent };
}
