/**
 * Wrap and delivery (issue 19): a course's delivery checklist, what a project's Delivery tab reads, and the
 * teacher's sign-off that closes the production. Read alike by the server (the rules, the archive's index) and
 * the web (the course page's editor, the project's tab).
 */
import { z } from "zod";
import { DOCUMENT_CATEGORY_LABELS } from "./documents.ts";
import { deliveryItemsSchema, type DeliveryItem } from "./delivery-items.ts";
import { REASON_MAX } from "./projects.ts";

export {
  DEFAULT_DELIVERY_ITEMS,
  DELIVERY_RULE_LABELS,
  DELIVERY_RULES,
  deliveryItemSchema,
  deliveryItemsSchema,
  TITLE_HAS_MAX,
  type DeliveryItem,
  type DeliveryRule,
} from "./delivery-items.ts";

/** PUT /rest/v1/courses/:id/delivery: the course's whole checklist, in its order. */
export const courseDeliveryInput = z.object({ items: deliveryItemsSchema });
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
