import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import {
  checkoutInput,
  type CheckoutInput,
  type DeskResultDto,
  type ReservationDto,
} from "../../../common/equipment.ts";
import { CONDITION_LABELS, RECEIPT_KINDS, type ReceiptKind, receiptUrl } from "../../../common/equipment-states.ts";
import { isOffice, type Caller } from "../../auth/caller.ts";
import { isMember } from "../projects/access.ts";
import { handoverReceipts } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { renderPdf, type PdfSection } from "../../lib/pdf-table.ts";
import { storageFor } from "../../lib/storage.ts";
import { getSchoolSettings } from "../school/service.ts";
import { checkOut } from "./desk.ts";
import { BUCKET } from "./photos.ts";
import { getReservation } from "./reservations.ts";
import { publish, requireOffice, type S, when } from "./shared.ts";

// ── Signed hand-overs: one signature for the items handed out (or back) at once, kept as a receipt PDF ─────────────────────────

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngOf(dataUrl: string): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"));
  if (bytes.length < 50 || PNG_MAGIC.some((b, i) => bytes[i] !== b))
    throw new AppError("bad_request", "The signature is not a picture drawn on the pad: clear it and sign again.");
  return bytes;
}

/**
 * Hands out the listed items (the desk's check-out, tag by tag), then writes one receipt per reservation they belong
 * to, signed by the borrower on the screen. Without a signature only when the office ticks that the borrower is not
 * present, which the receipt says.
 */
export async function handOver(
  s: S,
  opts: { caller: Caller; input: CheckoutInput; now?: Date },
): Promise<DeskResultDto> {
  requireOffice(opts.caller);
  const input = checkoutInput.parse(opts.input);
  if (input.assetTags.length === 0) throw new AppError("bad_request", "Type or scan the asset tag of what goes out.");
  const png = signatureOf(
    input,
    "The borrower signs for the gear on the pad. If they are not here, tick “Borrower not present”.",
  );
  const now = opts.now ?? new Date();
  const done: DeskResultDto[] = [];
  let failure: unknown = null;
  for (const assetTag of input.assetTags) {
    try {
      done.push(await checkOut(s, { caller: opts.caller, assetTag, now }));
    } catch (err) {
      failure = err;
      break;
    }
  }
  if (done.length === 0) throw failure;
  // The gear that went out is on a receipt even when a later tag failed.
  const byReservation = new Map<string, DeskResultDto[]>();
  for (const d of done) byReservation.set(d.reservation.id, [...(byReservation.get(d.reservation.id) ?? []), d]);
  for (const list of byReservation.values()) {
    await writeReceipt(s, {
      kind: "check_out",
      caller: opts.caller,
      reservation: list.at(-1)!.reservation,
      tags: list.map((d) => d.item.assetTag),
      png,
      now,
    });
  }
  // The reservations' lists refetched when each tag went out; again now that their receipts exist.
  await publish(s);
  const last = done.at(-1)!;
  const tags = done.map((d) => d.item.assetTag).join(", ");
  if (failure) {
    const why = failure instanceof Error ? failure.message : "it could not go out";
    throw new AppError(
      failure instanceof AppError ? failure.code : "conflict",
      `${tags} went out and ${done.length === 1 ? "is" : "are"} on the receipt; the rest did not: ${why}`,
    );
  }
  return {
    ...last,
    message: done.length === 1 ? last.message : `${tags} checked out for “${last.reservation.project.title}”.`,
    receiptUrl: receiptUrl(last.reservation.id, "check_out"),
  };
}

/**
 * The signature the desk collected, or null when the office ticked that nobody was there to sign; neither is refused
 * with `ask`, which says how to sign at this counter.
 */
export function signatureOf(input: { signature?: string; borrowerNotPresent: boolean }, ask: string) {
  const png = input.signature ? pngOf(input.signature) : null;
  if (!png && !input.borrowerNotPresent) throw new AppError("bad_request", ask);
  return png;
}

/** What a receipt lists: the items of this hand-over and, at a return, what the borrower still has out. */
function receiptSections(kind: ReceiptKind, r: ReservationDto, tags: string[]): PdfSection[] {
  const items = r.items.filter((i) => tags.includes(i.assetTag));
  if (kind === "check_out") {
    return [
      {
        heading: `Items (${items.length})`,
        widths: [1, 3, 2],
        rows: [
          { cells: ["Asset tag", "Item", "Model"], bold: true },
          ...items.map((i) => ({ cells: [i.assetTag, i.name, i.modelName] })),
        ],
      },
    ];
  }
  const stillOut = r.items.filter((i) => i.checkedOutAt && !i.returnedAt);
  return [
    {
      heading: `Items returned (${items.length})`,
      widths: [1.2, 2.4, 1, 2.6],
      rows: [
        { cells: ["Asset tag", "Item", "Condition", "Notes"], bold: true },
        ...items.map((i) => ({
          cells: [
            i.assetTag,
            i.name,
            i.returnCondition ? CONDITION_LABELS[i.returnCondition] : "",
            [i.returnNotes, i.damaged ? "Damaged: sent to maintenance." : ""].filter(Boolean).join(" "),
          ],
        })),
      ],
    },
    stillOut.length === 0
      ? { heading: "Still out", rows: [{ cells: ["Nothing: every item handed out is back."] }] }
      : {
          heading: `Still out (${stillOut.length})`,
          widths: [1, 3, 2],
          rows: [
            { cells: ["Asset tag", "Item", "Model"], bold: true },
            ...stillOut.map((i) => ({ cells: [i.assetTag, i.name, i.modelName] })),
          ],
        },
  ];
}

/**
 * One receipt of a hand-over, out or back: who, when, the items (with their condition on the way back) and the
 * signature of whoever took or brought them, or a note that they were not there. Kept in storage, one row per receipt.
 */
export async function writeReceipt(
  s: Pick<S, "db" | "config">,
  opts: {
    kind: ReceiptKind;
    caller: Caller;
    reservation: ReservationDto;
    tags: string[];
    png: Uint8Array | null;
    now: Date;
    /** At a return: who brought the gear back, when not the borrower. */
    returnedBy?: string;
  },
) {
  const r = opts.reservation;
  const settings = await getSchoolSettings(s.db);
  const out = opts.kind === "check_out";
  const person = out ? r.requester.name : opts.returnedBy || r.requester.name;
  const bytes = await renderPdf({
    title: out ? "Equipment check-out receipt" : "Equipment return receipt",
    facts: [
      ["Production", r.project.title],
      ["Borrower", r.requester.name],
      ...(out
        ? ([["Handed out by", opts.caller.name]] as [string, string][])
        : ([
            ["Returned by", person],
            ["Received by", opts.caller.name],
          ] as [string, string][])),
      ["Time", when(opts.now, settings)],
      ["Due back", when(new Date(r.endsAt), settings)],
      ["Reservation", r.id],
    ],
    sections: [
      ...receiptSections(opts.kind, r, opts.tags),
      ...(opts.png
        ? []
        : [
            {
              heading: out ? "Borrower not present" : "Returned without a signature",
              rows: [
                {
                  cells: [
                    out
                      ? `${opts.caller.name} handed the items out without the borrower's signature: the borrower was not present.`
                      : `${opts.caller.name} took the items back without a signature: nobody was there to sign.`,
                  ],
                },
              ],
            },
          ]),
    ],
    image: opts.png
      ? {
          heading: out ? "Borrower's signature" : "Signature of the person returning",
          png: opts.png,
          caption: out
            ? `${r.requester.name} received the items above in the condition checked at the desk.`
            : `${person} returned the items above in the condition noted.`,
        }
      : undefined,
  });
  const id = randomUUID();
  const storageKey = `${BUCKET}/receipts/${r.id}/${id}.pdf`;
  await storageFor(s.config).put(storageKey, bytes);
  await s.db.insert(handoverReceipts).values({
    id,
    reservationId: r.id,
    kind: opts.kind,
    storageKey,
    borrowerPresent: !!opts.png,
    byId: opts.caller.id,
    createdAt: opts.now,
  });
}

/** The latest receipt of a kind, for whoever may see the reservation: the borrower, the production's crew, the office. */
export async function readReceipt(
  s: S,
  opts: { caller: Caller; reservationId: string; kind: string },
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const kind = RECEIPT_KINDS.find((k) => k === opts.kind);
  if (!kind) throw new AppError("not_found", "There is no such receipt.");
  const reservation = await getReservation(s, { caller: opts.caller, id: opts.reservationId });
  const sees =
    isOffice(opts.caller.role) ||
    reservation.requester.id === opts.caller.id ||
    (await isMember(s.db, reservation.project.id, opts.caller.id));
  if (!sees) throw new AppError("not_found", "There is no such receipt.");
  const [row] = await s.db
    .select()
    .from(handoverReceipts)
    .where(and(eq(handoverReceipts.reservationId, reservation.id), eq(handoverReceipts.kind, kind)))
    .orderBy(desc(handoverReceipts.createdAt))
    .limit(1);
  const bytes = row && (await storageFor(s.config).get(row.storageKey));
  if (!bytes) throw new AppError("not_found", "No receipt was made for this reservation yet.");
  const day = row.createdAt.toISOString().slice(0, 10);
  return { bytes, fileName: `${kind === "check_out" ? "check-out" : "return"}-receipt-${day}.pdf` };
}
