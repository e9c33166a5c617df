/**
 * Equipment labels (issue 15): one A4 page of 24 QR labels (`renderLabelSheet`, the equipment office's sheet), in
 * process. The median of several runs after a warm-up, against the 0.5 s target; and five pages asked at once,
 * the figure that queued past 20 s before the codes were drawn as vector paths.
 * Alone: `node --import tsx bench/labels.ts`.
 */
import { LABELS_PER_PAGE, renderLabelSheet } from "../src/server/features/equipment/labels.ts";

export const LABELS_TARGET_MS = 500;
const RUNS = 9;
const AT_ONCE = 5;

const page = Array.from({ length: LABELS_PER_PAGE }, (_, i) => ({
  id: `0b6f4c1e-3a2d-4f5e-9a8b-${String(i).padStart(12, "0")}`,
  name: [
    "ARRI Alexa Mini LF camera body",
    "Sennheiser MKH 416 shotgun microphone",
    "Aputure LS 600d Pro light",
    "Łódź dolly track, 3 m",
    "Zeiss Supreme Prime 50 mm",
  ][i % 5]!,
  assetTag: `NFS-EQ-${String(i + 1).padStart(3, "0")}`,
}));

export async function benchLabels(): Promise<{
  medianMs: number;
  atOnceMs: number;
  labels: number;
  targetMs: number;
  pass: boolean;
}> {
  const render = () => renderLabelSheet(page, "https://portal.school.test");
  await render();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await render();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const medianMs = Math.round(times[Math.floor(times.length / 2)]!);
  const started = performance.now();
  await Promise.all(Array.from({ length: AT_ONCE }, render));
  const atOnceMs = Math.round(performance.now() - started);
  return {
    medianMs,
    atOnceMs,
    labels: LABELS_PER_PAGE,
    targetMs: LABELS_TARGET_MS,
    pass: medianMs <= LABELS_TARGET_MS,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchLabels();
  console.log(
    `a page of ${r.labels} QR labels: ${r.medianMs} ms (median, target ≤ ${r.targetMs} ms), ${AT_ONCE} pages at once ${r.atOnceMs} ms`,
  );
}
