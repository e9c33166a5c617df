import { describe, expect, it } from "vitest";
import { closedReason } from "./equipment-access.ts";
import { withGreenlightGate } from "./school.ts";

describe("why gear is closed", () => {
  it("names the courses and certifications that open it, as a student reads them", () => {
    const level = (courses: string[], certifications: string[]) =>
      closedReason({ name: "Thesis", courses, certifications });
    expect(level(["Thesis"], [])).toBe("Thesis course only");
    expect(level(["Fiction Workshop II", "Documentary Practice", "Thesis Film"], [])).toBe(
      "Fiction Workshop II, Documentary Practice or Thesis Film course only",
    );
    expect(level(["Thesis"], ["Steadicam"])).toBe("Needs the Steadicam certification or the Thesis course");
    expect(level([], ["Steadicam", "Gimbal"])).toBe("Needs the Steadicam or Gimbal certification");
    expect(level([], [])).toBe("Thesis level: no course or certification grants it yet");
  });
});

describe("the greenlight gate of rules saved as a switch", () => {
  it("reads true as the reserve gate, false as off, and leaves a chosen gate alone", () => {
    expect(withGreenlightGate({ strikeLimit: 3, requireGreenlight: true })).toEqual({
      strikeLimit: 3,
      greenlightGate: "reserve",
    });
    expect(withGreenlightGate({ requireGreenlight: false })).toEqual({ greenlightGate: "off" });
    expect(withGreenlightGate({ greenlightGate: "checkout" })).toEqual({ greenlightGate: "checkout" });
    expect(withGreenlightGate({ requireGreenlight: true, greenlightGate: "checkout" })).toEqual({
      greenlightGate: "checkout",
    });
  });
});
