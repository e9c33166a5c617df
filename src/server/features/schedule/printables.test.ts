import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { castLine, sceneDescriptions } from "./printables.ts";

/**
 * Words of action or synopsis that Fountain reads as plain prose: lower case, so never a cue, and not starting
 * with a heading's word ("est a." is a scene heading, in any case).
 */
const words = fc
  .array(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 6 })
  .map((w) => `${w.join(" ")}.`)
  .filter((s) => !/^(int|ext|est)\b/.test(s));

describe("the breakdown sheet's description of a scene", () => {
  it("is the scene's synopsis when it has one, else its first line of action, for any script", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ synopsis: fc.option(words), action: fc.option(words) }), { minLength: 1, maxLength: 8 }),
        (scenes) => {
          const body = scenes
            .map((sc, i) =>
              [
                `INT. ROOM ${i + 1} - DAY`,
                ...(sc.action ? [sc.action] : []),
                ...(sc.synopsis ? [`= ${sc.synopsis}`] : []),
                "ANNA\nHello.",
              ].join("\n\n"),
            )
            .join("\n\n");
          const got = sceneDescriptions(body, null);
          expect([...got.keys()]).toEqual(scenes.map((_, i) => String(i + 1)));
          scenes.forEach((sc, i) => expect(got.get(String(i + 1))).toBe(sc.synopsis ?? sc.action ?? ""));
        },
      ),
    );
  });

  it("keeps a scene's locked number, and takes only the first line of a long action", () => {
    const body = "INT. KITCHEN - DAY #4#\n\nAnna waits.\nThe kettle sings.\n\nEXT. YARD - DAY #4A#\n\n= She leaves.";
    expect([...sceneDescriptions(body, ["4", "4A"])]).toEqual([
      ["4", "Anna waits."],
      ["4A", "She leaves."],
    ]);
  });

  it("names a character by cast ID, and one without an ID by name alone", () => {
    expect(castLine("ANNA", { ANNA: 1 })).toBe("1. ANNA");
    expect(castLine("WAITER", { ANNA: 1 })).toBe("WAITER");
  });
});
