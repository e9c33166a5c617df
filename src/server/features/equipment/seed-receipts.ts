import type { Caller } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { sketchPng, type Shape } from "../../lib/png.ts";
import { writeReceipt } from "./handover.ts";
import { getReservation } from "./reservations.ts";

/**
 * A hand's signature of a name, as pen strokes: each letter a loop of the pen (tall for a capital or an ascender,
 * dipping for a descender), slanted, the pen lifted between words, and a stroke under the whole.
 */
export function signatureStrokes(name: string): Shape[] {
  const words = name
    .normalize("NFD")
    .replace(/[^\p{L} ]/gu, "")
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.join("").length + words.length - 1;
  const step = 0.8 / Math.max(1, letters);
  const base = 0.66;
  const strokes: Shape[] = [];
  let x = 0.1;
  for (const word of words) {
    const points: [number, number][] = [];
    for (const [i, ch] of [...word].entries()) {
      const h = i === 0 || /[bdfhklt]/.test(ch) ? 0.5 : 0.22;
      const dip = /[gjpqy]/.test(ch) ? -0.3 : 0;
      for (let k = 0; k <= 16; k++) {
        const a = (k / 16) * 2 * Math.PI;
        const y = base - ((dip || h) * (1 - Math.cos(a))) / 2;
        points.push([x + (step * k) / 16 - step * 0.3 * Math.sin(a) + (base - y) * 0.12, y]);
      }
      x += step;
    }
    strokes.push({ kind: "stroke", points, width: 3.5, grey: 20 });
    x += step;
  }
  strokes.push({
    kind: "stroke",
    points: [
      [0.08, 0.86],
      [x * 0.6, 0.82],
      [x - step, 0.8],
    ],
    width: 3,
    grey: 20,
  });
  return strokes;
}

/** A signature on the pad, as the desk's signature pad sends it: a PNG of dark strokes on white. */
export const signaturePng = (name: string) => sketchPng(480, 160, signatureStrokes(name), { border: false });

/**
 * The two receipts of a reservation the demo shows as handed out and taken back at the desk, each signed, written by
 * the desk's own receipt builder at the times they happened. The reservation's lines carry its return already.
 */
export async function seedSignedReceipts(
  s: Pick<Services, "db" | "config">,
  opts: { reservationId: string; office: Caller; tags: string[]; out: Date; back: Date; returnedBy: string },
) {
  const reservation = await getReservation(s, { caller: opts.office, id: opts.reservationId });
  const common = { caller: opts.office, reservation, tags: opts.tags };
  await writeReceipt(s, {
    ...common,
    kind: "check_out",
    png: signaturePng(reservation.requester.name),
    now: opts.out,
  });
  await writeReceipt(s, {
    ...common,
    kind: "check_in",
    png: signaturePng(opts.returnedBy),
    now: opts.back,
    returnedBy: opts.returnedBy,
  });
}
