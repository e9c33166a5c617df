/**
 * The screenplays API contract: what /rest/v1/screenplays… accepts (zod, used by the server's
 * validation and the web forms) and what it answers. Instants are ISO 8601 strings.
 */
import { z } from "zod";
import type { DiffLine } from "./screenplay/diff.ts";
import type { ScriptReport } from "./screenplay/report.ts";

export type { Page } from "./users.ts";

export const SCREENPLAY_TITLE_MAX = 200;
/** About 250 pages of Fountain: far beyond a student film, small enough to save on every pause. */
export const SCREENPLAY_TEXT_MAX = 600_000;
/** An imported file; a Final Draft file is XML, several times its script's size. */
export const IMPORT_FILE_MAX_BYTES = 900 * 1024;
export const IMPORT_EXTENSIONS = [".fountain", ".spmd", ".txt", ".fdx"] as const;
export const NOTE_MAX = 2000;
export const REVISION_NAME_MAX = 120;

/** The industry's order of revision colours; after cherry it starts again at white. */
export const REVISION_COLOURS = [
  "white",
  "blue",
  "pink",
  "yellow",
  "green",
  "goldenrod",
  "buff",
  "salmon",
  "cherry",
] as const;
export type RevisionColour = (typeof REVISION_COLOURS)[number];
export const revisionColour = (index: number): RevisionColour => REVISION_COLOURS[index % REVISION_COLOURS.length]!;

export const SCREENPLAY_SCOPES = ["all", "mine", "projects"] as const;
export type ScreenplayScope = (typeof SCREENPLAY_SCOPES)[number];

const title = z
  .string("The title must be text")
  .trim()
  .min(1, "Give the screenplay a title.")
  .max(SCREENPLAY_TITLE_MAX, `The title may be at most ${SCREENPLAY_TITLE_MAX} characters long.`);
const scriptText = z
  .string("The script must be text")
  .max(SCREENPLAY_TEXT_MAX, `The script may be at most ${SCREENPLAY_TEXT_MAX.toLocaleString("en")} characters long.`);
const projectId = z.uuid("Choose a project from the list").nullable();
const version = z.number("Say which version you edited").int().min(1);

export const screenplayListQuery = z.object({
  scope: z.enum(SCREENPLAY_SCOPES, { message: "Show all, mine or projects" }).default("all"),
  search: z.string().trim().max(200).optional(),
  projectId: z.uuid("Choose a project from the list").optional(),
  limit: z.coerce
    .number("limit is a number")
    .int()
    .min(1, "limit is at least 1")
    .max(100, "limit is at most 100")
    .default(25),
  offset: z.coerce.number("offset is a number").int().min(0, "offset is at least 0").default(0),
});
export type ScreenplayListQuery = z.infer<typeof screenplayListQuery>;

export const screenplayCreateInput = z.object({
  title,
  projectId: projectId.default(null),
  body: scriptText.default(""),
});
export type ScreenplayCreateInput = z.input<typeof screenplayCreateInput>;

export const screenplayUpdateInput = z.object({
  version,
  title: title.optional(),
  projectId: projectId.optional(),
  body: scriptText.optional(),
});
export type ScreenplayUpdateInput = z.infer<typeof screenplayUpdateInput>;

export const importQuery = z.object({
  fileName: z.string("Name the file").trim().min(1, "Name the file").max(255),
  projectId: z.uuid("Choose a project from the list").optional(),
  title: z.string().trim().max(SCREENPLAY_TITLE_MAX).optional(),
});

export const revisionCreateInput = z.object({
  name: z
    .string("Name the revision")
    .trim()
    .min(1, "Name the revision, e.g. “Blue draft after table read”.")
    .max(REVISION_NAME_MAX, `A revision name may be at most ${REVISION_NAME_MAX} characters long.`),
});
export type RevisionCreateInput = z.infer<typeof revisionCreateInput>;

export const versionInput = z.object({ version });

export const compareQuery = z.object({
  from: z.string("Choose the first revision").min(1, "Choose the first revision"),
  /** A revision id, or "current" for the draft. */
  to: z.string("Choose the second revision").min(1, "Choose the second revision").default("current"),
});

export const noteCreateInput = z.object({
  line: z.number("Choose a line").int().min(0, "Choose a line"),
  body: z
    .string("Write the note")
    .trim()
    .min(1, "Write the note.")
    .max(NOTE_MAX, `A note may be at most ${NOTE_MAX} characters long.`),
});
export type NoteCreateInput = z.infer<typeof noteCreateInput>;

export const noteUpdateInput = z.object({ resolved: z.boolean("Say whether the note is resolved") });

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

export interface ScreenplayListItem {
  id: string;
  title: string;
  project: { id: string; title: string } | null;
  owner: { id: string; name: string };
  pages: number;
  revisionCount: number;
  latestColour: RevisionColour | null;
  openNotes: number;
  canEdit: boolean;
  updatedAt: string;
}

export interface RevisionSummary {
  id: string;
  number: number;
  name: string;
  colour: RevisionColour;
  createdByName: string;
  createdAt: string;
}

export interface ScreenplayNote {
  id: string;
  line: number;
  quote: string;
  sceneNumber: string | null;
  body: string;
  authorName: string;
  resolved: boolean;
  resolvedByName: string | null;
  resolvedAt: string | null;
  createdAt: string;
}

export interface ScreenplayDetail {
  id: string;
  title: string;
  project: { id: string; title: string } | null;
  owner: { id: string; name: string };
  body: string;
  version: number;
  /** The numbering of the last lock (kept through an unlock, so the preview numbers as a relock would). */
  lockedScenes: string[] | null;
  /** Whether the numbers are locked now. */
  scenesLocked: boolean;
  updatedByName: string | null;
  updatedAt: string;
  createdAt: string;
  revisions: RevisionSummary[];
  notes: ScreenplayNote[];
  canEdit: boolean;
  canComment: boolean;
  canDelete: boolean;
}

export interface RevisionDetail extends RevisionSummary {
  body: string;
}

export interface CompareResult {
  from: { id: string; label: string };
  to: { id: string; label: string };
  lines: DiffLine[];
  added: number;
  removed: number;
}

/** A 409 on save: the text as it now is, so the editor can show the difference. */
export interface ScreenplayConflictDetails {
  current: { body: string; version: number; title: string; updatedByName: string | null; updatedAt: string };
}

export type { ScriptReport };
