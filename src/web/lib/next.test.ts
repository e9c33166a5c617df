import { describe, expect, it } from "vitest";
import { safeNext } from "./next.ts";

describe("the page to return to after sign-in", () => {
  it.each([
    ["/email-test", "/email-test"],
    ["/project/42?tab=crew", "/project/42?tab=crew"],
    ["//evil.example/phish", null],
    ["/\\evil.example", null],
    ["https://evil.example", null],
    ["javascript:alert(1)", null],
    ["", null],
    [null, null],
  ])("%s → %s", (raw, expected) => {
    expect(safeNext(raw)).toBe(expected);
  });
});
