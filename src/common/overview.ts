/**
 * The production overview's page sizes, shared by its API schemas (overview-api.ts) and the board. Kept
 * apart from the schemas so that the overview page loads without zod: building the schemas is a long
 * task on a slow phone, and the page only needs these numbers.
 */
export const BOARD_COLUMN_DEFAULT = 50;
export const BOARD_COLUMN_MAX = 100;

export const TIMELINE_WEEKS_DEFAULT = 6;
export const TIMELINE_WEEKS_MAX = 26;
