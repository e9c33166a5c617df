import { describe, expect, it } from "vitest";
import { scenesOf, safetyItemLabel, suggestSafetyFlags } from "./breakdown.ts";
import { parseFountain } from "./fountain.ts";

const scene = (text: string) => ({ number: "1", text });
const kinds = (text: string) => suggestSafetyFlags([scene(text)]).map((f) => f.kind);

describe("safety flag rules", () => {
  it("suggests each kind from its words, with the words as evidence", () => {
    expect(suggestSafetyFlags([scene("Paul pulls a Revolver from the drawer.")])).toEqual([
      { sceneNumber: "1", kind: "weapons", evidence: "Revolver" },
    ]);
    expect(kinds("She dives in and swims to the jetty.")).toEqual(["water"]);
    expect(kinds("The bonfire roars.")).toEqual(["fire"]);
    expect(kinds("He steps onto the ledge of the roof.")).toEqual(["heights"]);
    expect(kinds("LENA (9) hides under the table.")).toEqual(["minors"]);
    expect(kinds("A 12-year-old watches.")).toEqual(["minors"]);
    expect(kinds("They kiss.")).toEqual(["intimacy"]);
    expect(kinds("Marta drives the van into the night.")).toEqual(["vehicles"]);
  });

  it("matches whole words only, and ages from 18 are adults", () => {
    expect(kinds("A firefly over the scarred firearmless pathway; the carpet is red.")).toEqual([]);
    expect(kinds("RUTH (34) and KOFI (18) talk; a 40-year-old man waits.")).toEqual([]);
    expect(kinds("Nothing risky: tea, a chair, a window.")).toEqual([]);
  });

  it("suggests one flag per scene and kind, in the order of the kinds, across scenes", () => {
    const flags = suggestSafetyFlags([
      { number: "1", text: "A knife. Another knife. A gun. The car crashes into the lake." },
      { number: "2", text: "Quiet." },
      { number: "3A", text: "Smoke fills the room." },
    ]);
    expect(flags.map((f) => `${f.sceneNumber}:${f.kind}:${f.evidence}`)).toEqual([
      "1:weapons:knife",
      "1:water:lake",
      "1:vehicles:car",
      "3A:fire:Smoke",
    ]);
  });

  it("names the greenlight item of a confirmed flag", () => {
    expect(safetyItemLabel("weapons", "12")).toBe("Safety plan: weapons (scene 12)");
  });
});

describe("scenes of a script", () => {
  it("splits by heading with numbers, speaking characters and text; locked numbers kept", () => {
    const text = [
      "INT. KITCHEN - NIGHT #1#",
      "",
      "Anna lights a candle.",
      "",
      "ANNA (V.O.)",
      "Hello?",
      "",
      "INT. HALL - DAY",
      "",
      "BEN",
      "(quiet)",
      "Hi.",
      "",
      "INT. ROOF - DAY #2#",
      "",
      "Wind.",
    ].join("\n");
    const scenes = scenesOf(parseFountain(text), ["1", "2"]);
    expect(scenes.map((s) => [s.number, s.heading, s.characters])).toEqual([
      ["1", "INT. KITCHEN - NIGHT", ["ANNA"]],
      ["1A", "INT. HALL - DAY", ["BEN"]],
      ["2", "INT. ROOF - DAY", []],
    ]);
    expect(scenes[0]!.text).toBe("INT. KITCHEN - NIGHT\nAnna lights a candle.\nANNA (V.O.)\nHello?");
    expect(scenes[0]!.line).toBe(0);
    expect(scenesOf(parseFountain("Just action, no scene."), null)).toEqual([]);
  });
});
