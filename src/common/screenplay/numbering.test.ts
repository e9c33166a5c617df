import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFountain } from "./fountain.ts";
import { numberScenes, stampSceneNumbers } from "./numbering.ts";

const headingsOf = (text: string) => parseFountain(text).elements.filter((e) => e.type === "scene_heading");

describe("scene numbers through unlock and relock", () => {
  it("keeps 1A after an unlock and a relock instead of numbering two scenes 2", () => {
    const first = stampSceneNumbers(
      "INT. ONE - DAY\n\nA.\n\nINT. TWO - DAY\n\nB.\n",
      parseFountain("INT. ONE - DAY\n\nA.\n\nINT. TWO - DAY\n\nB.\n"),
      null,
    );
    const inserted = first.text.replace("INT. TWO", "INT. NEW - DAY\n\nN.\n\nINT. TWO");
    // Unlocked (the list is kept), the new scene is still 1A; relocking writes it in.
    expect(numberScenes(headingsOf(inserted), first.numbers).numbers).toEqual(["1", "1A", "2"]);
    const again = stampSceneNumbers(inserted, parseFountain(inserted), first.numbers);
    expect(again.numbers).toEqual(["1", "1A", "2"]);
    expect(again.text).toContain("INT. NEW - DAY #1A#");
    // A script unlocked before the list was kept (written numbers only) still never repeats a number.
    expect(numberScenes(headingsOf(inserted), null).numbers).toEqual(["1", "1A", "2"]);
  });

  it("gives a pasted copy of a numbered heading a number of its own", () => {
    const text = "INT. ONE - DAY #1#\n\nA.\n\nINT. TWO - DAY #2#\n\nB.\n\nINT. TWO - DAY #2#\n\nB again.\n";
    expect(numberScenes(headingsOf(text), ["1", "2"]).numbers).toEqual(["1", "2", "2A"]);
    const stamped = stampSceneNumbers(text, parseFountain(text), ["1", "2"]);
    expect(stamped.text).toContain("INT. TWO - DAY #2A#");
    expect(stamped.numbers).toEqual(["1", "2", "2A"]);
  });

  type Scene = { id: number; place: string; number?: string };
  type Op =
    | { kind: "insert"; at: number }
    | { kind: "delete"; at: number }
    | { kind: "move"; from: number; to: number }
    | { kind: "heading"; at: number; place: string }
    | { kind: "lock" }
    | { kind: "unlock" }
    | { kind: "tag"; at: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant("insert" as const), at: fc.nat(40) }),
    fc.record({ kind: fc.constant("delete" as const), at: fc.nat(40) }),
    fc.record({ kind: fc.constant("move" as const), from: fc.nat(40), to: fc.nat(40) }),
    fc.record({
      kind: fc.constant("heading" as const),
      at: fc.nat(40),
      place: fc.constantFrom("KITCHEN", "ROOF", "CAR", "BEACH"),
    }),
    fc.record({ kind: fc.constant("lock" as const) }),
    fc.record({ kind: fc.constant("unlock" as const) }),
    fc.record({ kind: fc.constant("tag" as const), at: fc.nat(40) }),
  );
  const render = (scenes: Scene[]) =>
    scenes
      .map((s) => `INT. ${s.place} ${s.id} - DAY${s.number ? ` #${s.number}#` : ""}\n\nAction of ${s.id}.\n`)
      .join("\n");

  it("any edits, locks and unlocks leave unique numbers, keep every locked number and show every tag", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.integer({ min: 1, max: 6 }), (ops, start) => {
        let next = 0;
        let scenes: Scene[] = Array.from({ length: start }, () => ({ id: next++, place: "HOUSE" }));
        // What the server keeps: the list of the last lock (kept through an unlock) and whether it is locked now.
        let list: string[] | null = null;
        let locked = false;
        const lockedNumberOf = new Map<number, string>();
        // Breakdown tags and strips, keyed by scene number, remembering which scene they were put on.
        const tags: { number: string; scene: number }[] = [];
        for (const o of ops) {
          const n = scenes.length;
          if (o.kind === "insert") scenes.splice(o.at % (n + 1), 0, { id: next++, place: "NEW" });
          else if (o.kind === "delete" && n) scenes.splice(o.at % n, 1);
          else if (o.kind === "move" && n) scenes.splice(o.to % n, 0, ...scenes.splice(o.from % n, 1));
          else if (o.kind === "heading" && n) scenes[o.at % n] = { ...scenes[o.at % n]!, place: o.place };
          else if (o.kind === "unlock") locked = false;
          else if (o.kind === "lock" && n) {
            const text = render(scenes);
            const stamped = stampSceneNumbers(text, parseFountain(text), list);
            const written = headingsOf(stamped.text).map((h) => h.sceneNumber);
            scenes = scenes.map((s, i) => ({ ...s, number: written[i] }));
            list = stamped.numbers;
            locked = true;
            for (const s of scenes) if (!lockedNumberOf.has(s.id)) lockedNumberOf.set(s.id, s.number!);
          } else if (o.kind === "tag" && locked && n) {
            // Tags go only on scenes whose number is written in, as the breakdown and the board allow.
            const s = scenes[o.at % n]!;
            if (s.number) tags.push({ number: s.number, scene: s.id });
          }

          const { numbers, omitted, provisional } = numberScenes(headingsOf(render(scenes)), list);
          expect(numbers).toHaveLength(scenes.length);
          // Exactly the scenes added since the last lock are provisional (the breakdown and the board key nothing to them).
          expect(provisional).toEqual(scenes.flatMap((s, i) => (s.number ? [] : [numbers[i]])));
          const all = [...numbers, ...omitted.map((x) => x.number)];
          expect(new Set(all).size).toBe(all.length);
          scenes.forEach((s, i) => {
            const was = lockedNumberOf.get(s.id);
            if (was !== undefined) expect(numbers[i]).toBe(was);
          });
          for (const t of tags) {
            const at = numbers.indexOf(t.number);
            // On its own scene, or shown under an OMITTED number: never silently on another scene, never gone.
            if (at >= 0) expect(scenes[at]!.id).toBe(t.scene);
            else expect(omitted.map((x) => x.number)).toContain(t.number);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
