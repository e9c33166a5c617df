import type { RevisionColour } from "../../../common/screenplay-api.ts";

/** Swatches of the revision paper colours, as the pages of a revised script are printed. */
export const COLOUR_SWATCH: Record<RevisionColour, string> = {
  white: "#ffffff",
  blue: "#bcd7f5",
  pink: "#f8c8dc",
  yellow: "#fbf19c",
  green: "#c4ecc0",
  goldenrod: "#f0c75e",
  buff: "#f0deb4",
  salmon: "#f9b9a0",
  cherry: "#e8707e",
};
