import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ARCHIVE_NAME_MAX, ArchiveNames, safeName } from "./archive-names.ts";

describe("the archive's file names", () => {
  it("are safe for any title: no separators, no spaces, never empty, bounded", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (title) => {
        const name = safeName(title);
        expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
        expect(name.length).toBeGreaterThan(0);
        expect(name.length).toBeLessThanOrEqual(ARCHIVE_NAME_MAX);
        expect(name.startsWith(".")).toBe(false);
      }),
    );
  });

  it("never repeat within an archive, whatever titles come and in whatever order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("a", "b"), fc.string({ maxLength: 12 })), { maxLength: 40 }),
        (entries) => {
          const names = new ArchiveNames();
          const paths = entries.map(([folder, title]) => names.name(folder, title, "pdf"));
          expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
          paths.forEach((p, i) => expect(p.startsWith(`${entries[i]![0]}/`)).toBe(true));
        },
      ),
    );
  });

  it("keeps a title people read and numbers the second of two", () => {
    const names = new ArchiveNames();
    expect(names.name("releases", "Talent release: Ana Ruiz.pdf", "pdf")).toBe("releases/Talent-release-Ana-Ruiz.pdf");
    expect(names.name("releases", "Talent release: Ana Ruiz", "pdf")).toBe("releases/Talent-release-Ana-Ruiz-2.pdf");
  });
});
