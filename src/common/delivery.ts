/**
 * Wrap and delivery (issue 19): a course's delivery checklist, what a project's Delivery tab reads, and the
 * teacher's sign-off that closes the production. Read alike by the server (the rules, the archive's index) and
 * the web (the course page's editor, the project's tab).
 */
import { z } from "zod";
import { DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS, type DocumentCategory } from "./documents.ts";
import { REASON_MAX } from "./projects.ts";
import { distinctKeys, GREENLIGHT_ITEMS_MAX, greenlightItemSchema } from "./school.ts";

/**
 * Where an item's tick comes from: by hand (with who and when), documents of a category (optionally only those
 * whose title names the thing, so "Poster" is ticked by a delivery file called "Poster A2.pdf"), every release
 * signed (the greenlight's rule), every permit signed.
 */
export const DELIVERY_RULES = ["manual", "documents", "releases", "permits"] as const;
export type DeliveryRule = (typeof DELIVERY_RULES)[number];
export const DELIVERY_RULE_LABELS: Record<DeliveryRule, string> = {
  manual: "Ticked by hand",
  documents: "Documents of a category",
  releases: "Every release signed",
  permits: "Every permit signed",
};

export const TITLE_HAS_MAX = 40;

export interface DeliveryItem {
  key: string;
  label: string;
  rule: DeliveryRule;
  /** The category a `documents` item looks in; null for the other rules. */
  category: DocumentCategory | null;
  /** A `documents` item counts only documents whose title contains this (any case); null counts every one. */
  titleHas: string | null;
}

/** The school's list, which a course follows until its teachers edit their own. */
export const DEFAULT_DELIVERY_ITEMS: DeliveryItem[] = [
  { key: "final_film", label: "Final film file", rule: "documents", category: "delivery", titleHas: "final" },
  { key: "stills", label: "Production stills", rule: "documents", category: "delivery", titleHas: "still" },
  { key: "poster", label: "Poster", rule: "documents", category: "delivery", titleHas: "poster" },
  { key: "music_cue_sheet", label: "Music cue sheet", rule: "documents", category: "delivery", titleHas: "cue sheet" },
  { key: "credits_list", label: "Credits list", rule: "documents", category: "delivery", titleHas: "credits" },
  { key: "releases_signed", label: "Every release signed", rule: "releases", category: null, titleHas: null },
  { key: "permits_signed", label: "Every permit signed", rule: "permits", category: null, titleHas: null },
  { key: "festival_copy", label: "Festival copy delivered", rule: "manual", category: null, titleHas: null },
];

const category = z.enum(DOCUMENT_CATEGORIES, {
  message: `A document category is one of: ${DOCUMENT_CATEGORIES.join(", ")}.`,
});

export const deliveryItemSchema = greenlightItemSchema
  .pick({ key: true, label: true })
  .extend({
    rule: z.enum(DELIVERY_RULES, `Choose how a delivery item is ticked: ${DELIVERY_RULES.join(", ")}.`),
    category: category.nullable().default(null),
    titleHas: z
      .string()
      .trim()
      .max(TITLE_HAS_MAX, `The words a document's title must contain may be at most ${TITLE_HAS_MAX} characters.`)
      .nullable()
      .default(null)
      .transform((v) => (v ? v : null)),
  })
  .superRefine((item, ctx) => {
    if (item.rule === "documents" && !item.category)
      ctx.addIssue({
        code: "custom",
        path: ["category"],
        message: `“${item.label}” is ticked by documents: choose the category it looks in.`,
      });
  })
  // Only a documents item looks at categories and titles; the others keep none, so a list reads one way.
  .transform((item): DeliveryItem => (item.rule === "documents" ? item : { ...item, category: null, titleHas: null }));

/** PUT /rest/v1/courses/:id/delivery: the course's whole checklist, in its order. */
export const courseDeliveryInput = z.object({
  items: z
    .array(deliveryItemSchema, "The delivery checklist must be a list of items.")
    .min(1, "The delivery checklist needs at least one item.")
    .max(GREENLIGHT_ITEMS_MAX, `The delivery checklist may hold at most ${GREENLIGHT_ITEMS_MAX} items.`)
    .superRefine(distinctKeys),
});
export type CourseDeliveryInput = z.input<typeof courseDeliveryInput>;

/** GET and PUT /rest/v1/courses/:id/delivery. */
export interface CourseDeliveryDto {
  courseId: string;
  /** Nobody has edited the course's list: it is the school's. */
  followsSchool: boolean;
  items: DeliveryItem[];
  canEdit: boolean;
}

/** PUT /rest/v1/projects/:projectId/delivery/items/:key: a hand-ticked item. */
export const deliveryTickInput = z.object({
  done: z.boolean("done is true or false"),
  note: z.string().trim().max(REASON_MAX, `The note may be at most ${REASON_MAX} characters.`).optional(),
});
export type DeliveryTickInput = z.input<typeof deliveryTickInput>;

/** POST /rest/v1/projects/:projectId/delivery/sign-off. */
export const deliverySignOffInput = z.object({
  note: z.string().trim().max(REASON_MAX, `The note may be at most ${REASON_MAX} characters.`).optional(),
});
export type DeliverySignOffInput = z.input<typeof deliverySignOffInput>;

export interface DeliveryItemState extends DeliveryItem {
  done: boolean;
  /** Why, as people read it: "Poster A2.pdf", "Missing: talent release for Ana Ruiz", "Ticked by Lena Fischer". */
  why: string;
  doneByName: string | null;
  doneAt: string | null;
  note: string | null;
}

export interface DeliverySignOffDto {
  byName: string;
  at: string;
  note: string | null;
}

/** GET /rest/v1/projects/:projectId/delivery. */
export interface ProjectDeliveryDto {
  projectId: string;
  /** The course whose own list this is, or null for the school's. */
  fromCourse: string | null;
  items: DeliveryItemState[];
  complete: boolean;
  signOff: DeliverySignOffDto | null;
  /** The crew, staff and admins: tick hand items, upload delivery files, download the archive. */
  canEdit: boolean;
  /** The project's supervisor, a teacher of its course, staff and admins. */
  canSignOff: boolean;
}

/** What a documents item says about the documents it counts. */
export function documentsWhy(item: Pick<DeliveryItem, "category" | "titleHas">, titles: string[]): string {
  const where = item.category ? DOCUMENT_CATEGORY_LABELS[item.category].toLowerCase() : "any";
  if (titles.length === 0)
    return item.titleHas
      ? `No ${where} document with “${item.titleHas}” in its title yet.`
      : `No ${where} document yet.`;
  return titles.length <= 3 ? titles.join(", ") : `${titles.slice(0, 3).join(", ")} and ${titles.length - 3} more`;
}

/** Whether a document counts for a documents item: its category, and its title when the item names words. */
export const documentCounts = (
  item: Pick<DeliveryItem, "category" | "titleHas">,
  doc: { category: string; title: string },
) =>
  doc.category === item.category &&
  (item.titleHas === null || doc.title.toLocaleLowerCase().includes(item.titleHas.toLocaleLowerCase()));
