import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampToPage, fieldProblem, pdfToScreen, screenToPdf } from "./signature-fields.ts";

const size = (min: number, max: number) =>
  fc.record({ width: fc.double({ min, max, noNaN: true }), height: fc.double({ min, max, noNaN: true }) });
/** A PDF page (a business card to a poster) and the pixels it is drawn at (a phone to a zoomed desktop). */
const page = size(72, 2400);
const shown = size(120, 4000);
/** A box in fractions of the page, so it lies on it. */
const frac = fc.record({
  fx: fc.double({ min: 0, max: 0.9, noNaN: true }),
  fy: fc.double({ min: 0, max: 0.9, noNaN: true }),
  fw: fc.double({ min: 0.01, max: 0.1, noNaN: true }),
  fh: fc.double({ min: 0.01, max: 0.1, noNaN: true }),
});

describe("field coordinates", () => {
  it("turns the page's top into the PDF's top: y counts up from the bottom", () => {
    const a4 = { width: 595, height: 842 };
    expect(screenToPdf({ left: 0, top: 0, width: 119, height: 42.1 }, a4, { width: 1190, height: 1684 })).toEqual({
      x: 0,
      y: 842 - 21.05,
      width: 59.5,
      height: 21.05,
    });
  });

  it("comes back within a point from screen to PDF and back, at any page size and zoom", () => {
    fc.assert(
      fc.property(page, shown, frac, (pg, sh, f) => {
        const screen = {
          left: f.fx * sh.width,
          top: f.fy * sh.height,
          width: f.fw * sh.width,
          height: f.fh * sh.height,
        };
        const pdf = screenToPdf(screen, pg, sh);
        const back = pdfToScreen(pdf, pg, sh);
        // A pixel is at most this many points, so "within a point" is measured on the page.
        const px = Math.max(pg.width / sh.width, pg.height / sh.height);
        for (const k of ["left", "top", "width", "height"] as const)
          expect(Math.abs(back[k] - screen[k]) * px).toBeLessThan(1);
      }),
    );
  });

  it("keeps the same place on the page when the page is drawn at another size", () => {
    fc.assert(
      fc.property(page, shown, shown, frac, (pg, a, b, f) => {
        const pdf = { x: f.fx * pg.width, y: f.fy * pg.height, width: f.fw * pg.width, height: f.fh * pg.height };
        // Placed on a wide screen, read back on a phone: the points are the same.
        const onA = screenToPdf(pdfToScreen(pdf, pg, a), pg, a);
        const onB = screenToPdf(pdfToScreen(onA, pg, b), pg, b);
        for (const k of ["x", "y", "width", "height"] as const) expect(Math.abs(onB[k] - pdf[k])).toBeLessThan(1);
      }),
    );
  });

  it("clamps a dragged box onto its page, and a clamped box is never refused", () => {
    fc.assert(
      fc.property(
        page,
        fc.record({
          x: fc.double({ min: -5000, max: 5000, noNaN: true }),
          y: fc.double({ min: -5000, max: 5000, noNaN: true }),
          width: fc.double({ min: 8, max: 3000, noNaN: true }),
          height: fc.double({ min: 8, max: 3000, noNaN: true }),
        }),
        (pg, box) => {
          expect(fieldProblem({ page: 1, ...clampToPage(box, pg) }, [pg])).toBeNull();
        },
      ),
    );
  });

  it("refuses a field off the page, too small, or on a page the document lacks", () => {
    const pages = [{ width: 300, height: 400 }];
    expect(fieldProblem({ page: 1, x: 10, y: 10, width: 100, height: 20 }, pages)).toBeNull();
    expect(fieldProblem({ page: 1, x: 250, y: 10, width: 100, height: 20 }, pages)).toMatch(/outside the page/);
    expect(fieldProblem({ page: 1, x: 10, y: -30, width: 100, height: 20 }, pages)).toMatch(/outside the page/);
    expect(fieldProblem({ page: 1, x: 10, y: 10, width: 2, height: 20 }, pages)).toMatch(/at least 8 points/);
    expect(fieldProblem({ page: 2, x: 10, y: 10, width: 100, height: 20 }, pages)).toMatch(/no page 2/);
  });
});
