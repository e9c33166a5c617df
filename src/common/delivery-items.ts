/**
 * A delivery checklist's items (issue 19): the shape shared by the school's list (a school setting) and a
 * course's own. Apart from `delivery.ts` (the projects' side of delivery), so `school.ts` holds the list with
 * nothing more.
 */
import { z } from "zod";
import { checklistKeySchema, checklistLabelSchema, distinctKeys, GREENLIGHT_ITEMS_MAX } from "./checklist.ts";
import { DOCUMENT_CATEGORIES, type DocumentCategory } from "./documents.ts";

/**
 * Where an item's tick comes from: by hand (with who and when), documents of a category (optionally only those
 * whose title names the thing, so "Poster" is ticked by a delivery file called "Poster A2.pdf"), every release
 * signed (the greenlight's rule), every permit signed, a cut's version approved as picture lock by the supervisor
 * (issue 21's review).
 */
export const DELIVERY_RULES = ["manual", "documents", "releases", "permits", "picture_lock"] as const;
export type DeliveryRule = (typeof DELIVERY_RULES)[number];
export const DELIVERY_RULE_LABELS: Record<DeliveryRule, string> = {
  manual: "Ticked by hand",
  documents: "Documents of a category",
  releases: "Every release signed",
  permits: "Every permit signed",
  picture_lock: "Picture lock approved",
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

/** The school's list as a new school starts with it; admins change it in the school settings, and a course follows it until its teachers edit their own. */
export const DEFAULT_DELIVERY_ITEMS: DeliveryItem[] = [
  // First: the picture is locked before the final film, stills and credits are made from it.
  { key: "picture_lock", label: "Picture lock approved", rule: "picture_lock", category: null, titleHas: null },
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

export const deliveryItemSchema = z
  .object({
    key: checklistKeySchema,
    label: checklistLabelSchema,
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

/** A whole list, in its order: the school's setting and a course's own alike. */
export const deliveryItemsSchema = z
  .array(deliveryItemSchema, "The delivery checklist must be a list of items.")
  .min(1, "The delivery checklist needs at least one item.")
  .max(GREENLIGHT_ITEMS_MAX, `The delivery checklist may hold at most ${GREENLIGHT_ITEMS_MAX} items.`)
  .superRefine(distinctKeys);
