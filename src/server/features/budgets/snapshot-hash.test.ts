import { describe, expect, it } from "vitest";
import type { ProposalSnapshot } from "../../../common/budget.ts";
import { canonicalJson, contentHashOf } from "./index.ts";

/** Keys in jsonb's own order (shorter keys first), as a snapshot comes back from the database. */
const snapshot: ProposalSnapshot = {
  currency: "EUR",
  projectTitle: 'Nordlicht – “Ünter” \u2028 "quoted"',
  contingencyBps: 1000,
  accounts: [
    { code: "1100", name: "Story & rights", category: "above" },
    { name: "Camera", code: "2100", category: "below" },
  ],
  lines: [
    {
      id: "6f1c2f53-2a7e-4a51-9f0e-0c1e3b9d2a11",
      rate: 25000,
      notes: "",
      units: "days",
      amount: 62500,
      quantity: 250,
      accountCode: "2100",
      description: "Camera package\\nB-cam 🎥",
    },
    {
      id: "0b7d9a4e-5c2f-4e8b-8a3d-7f6e5d4c3b2a",
      rate: 100000,
      notes: "Tab\there",
      units: "flat",
      amount: 100000,
      quantity: 100,
      accountCode: "1100",
      description: "Option",
    },
  ],
};

describe("the content hash of a proposal", () => {
  it("is taken over JSON with the keys sorted at every level, so proposals hashed before still verify", () => {
    expect(canonicalJson(snapshot)).toBe(
      '{"accounts":[{"category":"above","code":"1100","name":"Story & rights"},{"category":"below","code":"2100","name":"Camera"}],"contingencyBps":1000,"currency":"EUR",' +
        '"lines":[{"accountCode":"2100","amount":62500,"description":"Camera package\\\\nB-cam 🎥","id":"6f1c2f53-2a7e-4a51-9f0e-0c1e3b9d2a11","notes":"","quantity":250,"rate":25000,"units":"days"},' +
        '{"accountCode":"1100","amount":100000,"description":"Option","id":"0b7d9a4e-5c2f-4e8b-8a3d-7f6e5d4c3b2a","notes":"Tab\\there","quantity":100,"rate":100000,"units":"flat"}],' +
        '"projectTitle":"Nordlicht – “Ünter” \u2028 \\"quoted\\""}',
    );
    // Worked out with the first, hand-written serialiser: a stored hash must never change meaning.
    expect(contentHashOf(snapshot)).toBe("3b67ad4b8776809f7a9ca3db00b5698964285ed4ea062fff4ea1268f42f364ba");
  });

  it("does not depend on the order of keys", () => {
    const reordered = JSON.parse(
      JSON.stringify({
        ...snapshot,
        lines: snapshot.lines.map((l) => Object.fromEntries(Object.entries(l).reverse())),
      }),
    ) as ProposalSnapshot;
    expect(contentHashOf(reordered)).toBe(contentHashOf(snapshot));
    expect(contentHashOf({ ...snapshot, contingencyBps: 0 })).not.toBe(contentHashOf(snapshot));
  });

  it("refuses integer-like keys, which JSON.stringify would not keep in sorted order", () => {
    expect(() => canonicalJson({ b: 1, a: { "10": 1, "2": 2 } })).toThrow(/integer-like key/);
    expect(canonicalJson({ b: 1, a: { x10: 1, "2x": 2 } })).toBe('{"a":{"2x":2,"x10":1},"b":1}');
  });
});
