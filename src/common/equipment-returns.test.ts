import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkinInput } from "./equipment.ts";
import { CONDITIONS } from "./equipment-states.ts";

const tag = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{1,12}$/);
const line = fc.record({
  assetTag: tag,
  condition: fc.constantFrom(...CONDITIONS),
  notes: fc.string({ maxLength: 20 }),
});

describe("the return list as the desk sends it", () => {
  it("keeps every line in order, tags upper-cased, and the one-item form as the last line", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.option(line, { nil: undefined }), (items, one) => {
        const parsed = checkinInput.parse({ items, ...(one ?? {}), borrowerNotPresent: true });
        const expected = [...items, ...(one ? [one] : [])];
        expect(parsed.items.map((i) => i.assetTag)).toEqual(expected.map((i) => i.assetTag.toUpperCase()));
        expect(parsed.items.map((i) => i.condition)).toEqual(expected.map((i) => i.condition));
        expect(parsed.items.map((i) => i.notes)).toEqual(expected.map((i) => i.notes.trim()));
      }),
    );
  });

  it("refuses a single tag without its condition, and a tag that is not one", () => {
    expect(checkinInput.safeParse({ assetTag: "NFS-CAM-001" }).success).toBe(false);
    expect(checkinInput.safeParse({ items: [{ assetTag: "a b", condition: "good" }] }).success).toBe(false);
  });
});
