import { PDFDocument } from "pdf-lib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pdfText } from "../test/pdf-text.ts";

afterEach(() => vi.useRealTimers());

/** pdf-lib waits for the next tick with a timer: under fake timers, time moves a millisecond at a time while it works. */
async function settle<T>(work: Promise<T>): Promise<T> {
  let done = false;
  const finished = work.finally(() => (done = true));
  while (!done) await vi.advanceTimersByTimeAsync(1);
  return finished;
}

describe("the PDFs' fonts", () => {
  it("are let go a while after the last document, and read again by the next", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.resetModules();
    const fonts = await import("./pdf-fonts.ts");
    const make = async () => {
      const doc = await PDFDocument.create();
      const t = await fonts.pdfText(doc, "sans", ["regular"], ["Łukasz Ωμέγα"]);
      t.draw(doc.addPage(), "Łukasz Ωμέγα", { x: 20, y: 700, size: 12 });
      return doc.save();
    };
    await settle(make());
    expect(fonts.keptFontFiles()).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(fonts.FONTS_KEPT_IDLE_MS - 1_000);
    await settle(make());
    await vi.advanceTimersByTimeAsync(fonts.FONTS_KEPT_IDLE_MS - 1_000);
    expect(fonts.keptFontFiles()).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fonts.keptFontFiles()).toBe(0);

    const bytes = await settle(make());
    expect(fonts.keptFontFiles()).toBeGreaterThan(0);
    vi.useRealTimers();
    expect((await pdfText(bytes)).join("").replace(/\s+/g, "")).toBe("ŁukaszΩμέγα");
  });
});
