/**
 * The breakdown API contract: /rest/v1/screenplays/:id/breakdown… (zod inputs shared by the server's
 * validation and the web forms, and the answer's shape).
 */
import { z } from "zod";
import { hazardKindKey } from "./safety.ts";
import { BREAKDOWN_CATEGORIES, type BreakdownCategory } from "./screenplay/breakdown.ts";

export const ELEMENT_NAME_MAX = 120;

const sceneNumber = z
  .string("Choose a scene")
  .trim()
  .min(1, "Choose a scene")
  .max(12, "A scene number is at most 12 characters long")
  .regex(/^[A-Z0-9]+$/i, "A scene number is letters and digits, such as 12 or 12A");

export const elementCreateInput = z.object({
  sceneNumber,
  category: z.enum(BREAKDOWN_CATEGORIES, { message: "Choose a category from the list" }),
  name: z
    .string("Name the element")
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, "Name the element, or select its words in the scene.")
        .max(ELEMENT_NAME_MAX, `An element's name may be at most ${ELEMENT_NAME_MAX} characters long.`),
    ),
});
export type ElementCreateInput = z.input<typeof elementCreateInput>;

/** A hazard kind's key: one the script suggests, or one of the school's own (flagged by hand). */
const flagKind = z.string("Choose a hazard from the list").pipe(hazardKindKey("Choose a hazard from the list"));

export const safetyDecisionInput = z.object({
  sceneNumber,
  kind: flagKind,
  decision: z.enum(["confirmed", "dismissed"], { message: "Confirm or dismiss the flag" }),
});
export type SafetyDecisionInput = z.input<typeof safetyDecisionInput>;

/** A hazard the crew flags by hand, where no words of the script suggest it. */
export const safetyFlagByHandInput = z.object({ sceneNumber, kind: flagKind });
export type SafetyFlagByHandInput = z.input<typeof safetyFlagByHandInput>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

export interface BreakdownElement {
  id: string;
  sceneNumber: string;
  category: BreakdownCategory;
  name: string;
  createdByName: string;
}

export interface BreakdownScene {
  number: string;
  heading: string;
  /** In the locked list but no longer in the script: its elements are kept and shown under OMITTED. */
  omitted: boolean;
  /** Added since the last lock: its number is not written into the script yet and can still change, so it cannot be tagged until the next lock. */
  provisional: boolean;
  characters: string[];
  text: string;
  elements: BreakdownElement[];
}

export interface SafetyFlag {
  sceneNumber: string;
  /** A hazard kind's key (`common/safety.ts`). */
  kind: string;
  /** The kind's name in the school's table ("Weapons"). */
  kindLabel: string;
  /** Flagged by a person, not suggested by the script's words. */
  byHand: boolean;
  /** The words that raised the suggestion (empty when the scene's text no longer has them). */
  evidence: string;
  status: "suggested" | "confirmed" | "dismissed";
  decidedByName: string | null;
  /** The greenlight item a confirmed flag added. */
  greenlightLabel: string | null;
}

export interface ElementList {
  category: BreakdownCategory;
  items: { name: string; scenes: string[] }[];
}

export interface BreakdownDetail {
  screenplayId: string;
  title: string;
  project: { id: string; title: string } | null;
  /** Elements are keyed by locked scene numbers; an unlocked script must be locked first. */
  locked: boolean;
  scenes: BreakdownScene[];
  lists: ElementList[];
  flags: SafetyFlag[];
  canEdit: boolean;
}
