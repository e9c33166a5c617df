/**
 * SMPTE timecode as editors read it (issue 21): "HH:MM:SS:FF", non-drop-frame, counted from the file's own start
 * timecode. A rate like 23.976 (24000/1001) counts 24 frames to the timecode second, as Premiere, Resolve and Avid
 * do in non-drop-frame; the player and the marker export both go through these functions, so a note's timecode is
 * the same in the portal and in the editing software.
 */

export interface FrameRate {
  num: number;
  den: number;
}

/** What the player assumes for a file not yet probed: 25 fps, the PAL rate most European schools shoot. */
export const DEFAULT_RATE: FrameRate = { num: 25, den: 1 };

/** Frames per timecode second: the rate rounded (24 for 23.976, 30 for 29.97). */
export function timebase(rate: FrameRate): number {
  return Math.max(1, Math.round(rate.num / rate.den));
}

/** The frame a time in the file falls on (the frame on screen at that moment). */
export function msToFrame(ms: number, rate: FrameRate): number {
  // A hair of tolerance, so a time computed from a frame (frameToMs) maps back to that frame despite rounding.
  return Math.floor((Math.max(0, ms) * rate.num) / (rate.den * 1000) + 1e-6);
}

/** The time a frame starts at, in milliseconds from the file's start. */
export function frameToMs(frame: number, rate: FrameRate): number {
  return (frame * rate.den * 1000) / rate.num;
}

const TIMECODE = /^(\d{1,2})[:;.](\d{2})[:;.](\d{2})[:;.](\d{2})$/;

/** Frames counted by a timecode, or null when the text is not one for this rate ("01:00:00:00", also with ; or .). */
export function parseTimecode(text: string, rate: FrameRate): number | null {
  const m = TIMECODE.exec(text.trim());
  if (!m) return null;
  const [h, min, s, f] = m.slice(1).map(Number) as [number, number, number, number];
  const base = timebase(rate);
  if (min > 59 || s > 59 || f >= base) return null;
  return ((h * 60 + min) * 60 + s) * base + f;
}

/** A frame count as "HH:MM:SS:FF"; past 24 hours it wraps, as a timecode does. */
export function formatTimecode(frames: number, rate: FrameRate): string {
  const base = timebase(rate);
  const total = Math.max(0, Math.floor(frames)) % (24 * 3600 * base);
  const f = total % base;
  const s = Math.floor(total / base) % 60;
  const m = Math.floor(total / base / 60) % 60;
  const h = Math.floor(total / base / 3600);
  return [h, m, s, f].map((n) => String(n).padStart(2, "0")).join(":");
}

/** The timecode shown for a moment of a file: its start timecode plus the frames played. */
export function timecodeAt(ms: number, rate: FrameRate, startTimecode: string | null): string {
  const start = startTimecode ? (parseTimecode(startTimecode, rate) ?? 0) : 0;
  return formatTimecode(start + msToFrame(ms, rate), rate);
}

/** A typed timecode back to milliseconds into the file (for "go to"), or null when it is not one or before the start. */
export function timecodeToMs(text: string, rate: FrameRate, startTimecode: string | null): number | null {
  const frames = parseTimecode(text, rate);
  if (frames === null) return null;
  const start = startTimecode ? (parseTimecode(startTimecode, rate) ?? 0) : 0;
  if (frames < start) return null;
  return frameToMs(frames - start, rate);
}

export function rateOf(v: { fpsNum: number | null; fpsDen: number | null }): FrameRate {
  return v.fpsNum && v.fpsDen ? { num: v.fpsNum, den: v.fpsDen } : DEFAULT_RATE;
}
