/** Fields placed on a request's pages: kept when it is sent, shown to their signer, filled and sealed in place. */
import { asc, eq } from "drizzle-orm";
import {
  FIELD_KIND_LABELS,
  fieldProblem,
  type Field,
  type PageSize,
  type SigningFieldDto,
} from "../../../common/signature-fields.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { signatureFields } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { SealField } from "./pdf-fields.ts";
import type { SignerRow } from "./repository.ts";

/** Keeps the placed fields of a new request; `signers` in the order the request lists them. */
export async function insertFields(
  tx: Tx,
  submissionId: string,
  signers: SignerRow[],
  fields: Field[],
  pages: PageSize[],
) {
  if (fields.length === 0) return;
  for (const f of fields) {
    const problem = fieldProblem(f, pages);
    if (problem) throw new AppError("bad_request", `${FIELD_KIND_LABELS[f.kind]} field: ${problem}`);
  }
  // The signing page walks the fields as a person reads: page by page, top to bottom, left to right.
  const ordered = [...fields].sort((a, b) => a.page - b.page || b.y + b.height - (a.y + a.height) || a.x - b.x);
  await tx
    .insert(signatureFields)
    .values(
      ordered.map(({ signer, ...f }, i) => ({ ...f, submissionId, signerId: signers[signer]!.id, position: i + 1 })),
    );
}

const rowsOf = (db: DbOrTx, submissionId: string) =>
  db
    .select()
    .from(signatureFields)
    .where(eq(signatureFields.submissionId, submissionId))
    .orderBy(asc(signatureFields.position));

/** One signer's fields, as their signing page shows them. */
export async function fieldsOfSigner(db: DbOrTx, submissionId: string, signerId: string): Promise<SigningFieldDto[]> {
  return (await rowsOf(db, submissionId))
    .filter((f) => f.signerId === signerId)
    .map(({ id, kind, page, x, y, width, height, required }) => ({ id, kind, page, x, y, width, height, required }));
}

/**
 * Fills a signer's fields with what they typed: the date is the portal's (the day they sign), a signature
 * field takes their signature when sealed. A field of someone else, or a required one left empty, is refused.
 */
export async function fillFields(
  tx: Tx,
  opts: { submissionId: string; signerId: string; values: { id: string; value: string }[]; today: string },
) {
  const all = await rowsOf(tx, opts.submissionId);
  const mine = all.filter((f) => f.signerId === opts.signerId);
  const given = new Map<string, string>();
  for (const v of opts.values) {
    const field = all.find((f) => f.id === v.id);
    if (!field) throw new AppError("bad_request", "One of the fields filled in is not on this document.");
    if (field.signerId !== opts.signerId)
      throw new AppError(
        "bad_request",
        "One of the fields filled in belongs to another signer; fill in only your own.",
      );
    given.set(v.id, v.value.trim());
  }
  for (const [i, f] of mine.entries()) {
    const value =
      f.kind === "date"
        ? opts.today
        : f.kind === "signature"
          ? null
          : f.kind === "checkbox"
            ? given.get(f.id) === "true"
              ? "true"
              : ""
            : (given.get(f.id) ?? "");
    if (f.required && value === "")
      throw new AppError(
        "bad_request",
        `Fill in the ${FIELD_KIND_LABELS[f.kind].toLowerCase()} field on page ${f.page} (field ${i + 1} of ${mine.length}) before signing.`,
      );
    if (value !== null) await tx.update(signatureFields).set({ value }).where(eq(signatureFields.id, f.id));
  }
}

/** Every field of a request with what fills it, for the seal. */
export async function sealFields(
  db: DbOrTx,
  submissionId: string,
  signers: Pick<SignerRow, "id" | "email" | "signatureKind" | "signatureValue">[],
): Promise<SealField[]> {
  return (await rowsOf(db, submissionId)).map(
    ({ id: _id, submissionId: _s, signerId, position: _p, required: _r, ...placed }) => {
      const signer = signers.find((s) => s.id === signerId);
      return {
        ...placed,
        signer: signer?.email ?? "",
        signature: {
          kind: (signer?.signatureKind ?? null) as "drawn" | "typed" | null,
          value: signer?.signatureValue ?? null,
        },
      };
    },
  );
}
