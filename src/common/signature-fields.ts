/**
 * Fields placed on a document's pages for its signers: what the send dialog places, what the signing page
 * walks through and what the sealing draws. Boxes are kept in PDF points with the origin at the page's
 * bottom-left corner (the PDF's own coordinates), so the seal draws them where they were placed whatever
 * the size of the screen they were placed on.
 */
import { z } from "zod";

export const FIELD_KINDS = ["signature", "initials", "date", "name", "text", "checkbox"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];
export const FIELD_KIND_LABELS: Record<FieldKind, string> = {
  signature: "Signature",
  initials: "Initials",
  date: "Date",
  name: "Name",
  text: "Text",
  checkbox: "Checkbox",
};
/** The size a field is dropped at, in points: roomy enough for a finger on a phone at 100%. */
export const FIELD_DEFAULT_SIZE: Record<FieldKind, { width: number; height: number }> = {
  signature: { width: 160, height: 48 },
  initials: { width: 60, height: 36 },
  date: { width: 110, height: 24 },
  name: { width: 160, height: 24 },
  text: { width: 160, height: 24 },
  checkbox: { width: 18, height: 18 },
};
export const FIELDS_MAX = 100;
export const FIELD_TEXT_MAX = 300;
/** The smallest box a person can still hit and read: below this a field is refused, not shrunk. */
export const FIELD_MIN_SIZE = 8;

const points = (what: string) => z.number(`${what} must be a number of points`).finite(`${what} must be finite`);

export const fieldInput = z.object({
  /** The signer by their place in the request's list of people (0 for the first). */
  signer: z.number("Say whose field it is").int().min(0),
  kind: z.enum(FIELD_KINDS, { message: `A field is one of: ${FIELD_KINDS.join(", ")}` }),
  page: z.number("Say on which page the field is").int().min(1, "Pages count from 1."),
  x: points("A field's left edge"),
  y: points("A field's bottom edge"),
  width: points("A field's width").positive("A field must be wider than nothing."),
  height: points("A field's height").positive("A field must be taller than nothing."),
  required: z.boolean().default(true),
});
export type FieldInput = z.input<typeof fieldInput>;
export type Field = z.infer<typeof fieldInput>;

export const fieldsInput = z
  .array(fieldInput, "Fields are a list")
  .max(FIELDS_MAX, `At most ${FIELDS_MAX} fields per request.`)
  .default([]);

/** What the signer types into their fields; signature and date fields are filled by the portal. */
export const fieldValuesInput = z
  .array(
    z.object({
      id: z.string("Name the field").uuid("Name the field"),
      value: z
        .string("A field's value is text")
        .max(FIELD_TEXT_MAX, `A field holds at most ${FIELD_TEXT_MAX} characters.`),
    }),
    "Field values are a list",
  )
  .max(FIELDS_MAX)
  .default([]);

/** A field as the signing page shows it to its signer. */
export interface SigningFieldDto {
  id: string;
  kind: FieldKind;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
}

export interface PageSize {
  width: number;
  height: number;
}

/** Why a placed field cannot be kept on a page of this size, or null when it fits. */
export function fieldProblem(f: Pick<Field, "page" | "x" | "y" | "width" | "height">, pages: PageSize[]) {
  const size = pages[f.page - 1];
  if (!size)
    return `The document has ${pages.length} ${pages.length === 1 ? "page" : "pages"}; there is no page ${f.page}.`;
  if (f.width < FIELD_MIN_SIZE || f.height < FIELD_MIN_SIZE)
    return `A field must be at least ${FIELD_MIN_SIZE} points wide and tall.`;
  // Half a point of slack: a box dragged flush to the edge on screen may round past it.
  const slack = 0.5;
  if (f.x < -slack || f.y < -slack || f.x + f.width > size.width + slack || f.y + f.height > size.height + slack)
    return `A field on page ${f.page} lies partly outside the page; move it onto the page.`;
  return null;
}

/** A box on the screen: from the top-left corner of the page as drawn, in CSS pixels. */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface PdfBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * From a box on the drawn page to PDF points. The page is drawn `shown` pixels wide and tall for a page of
 * `page` points (rotation 0): the screen counts down from the top, the PDF up from the bottom.
 */
export function screenToPdf(box: ScreenBox, page: PageSize, shown: PageSize): PdfBox {
  const sx = page.width / shown.width;
  const sy = page.height / shown.height;
  const width = box.width * sx;
  const height = box.height * sy;
  return { x: box.left * sx, y: page.height - box.top * sy - height, width, height };
}

export function pdfToScreen(box: PdfBox, page: PageSize, shown: PageSize): ScreenBox {
  const sx = shown.width / page.width;
  const sy = shown.height / page.height;
  return {
    left: box.x * sx,
    top: (page.height - box.y - box.height) * sy,
    width: box.width * sx,
    height: box.height * sy,
  };
}

/** Keeps a box on its page, shrinking it only when it is larger than the page. */
export function clampToPage(box: PdfBox, page: PageSize): PdfBox {
  const width = Math.min(Math.max(box.width, FIELD_MIN_SIZE), page.width);
  const height = Math.min(Math.max(box.height, FIELD_MIN_SIZE), page.height);
  return {
    x: Math.min(Math.max(box.x, 0), page.width - width),
    y: Math.min(Math.max(box.y, 0), page.height - height),
    width,
    height,
  };
}
