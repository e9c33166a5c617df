import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.ts";

describe("the in-process rate limiter", () => {
  it("allows the limit per key and window, then again in the next window", () => {
    let t = 0;
    const l = createRateLimiter({ limit: 2, windowMs: 1000, now: () => t });
    expect([l.take("a"), l.take("a"), l.take("a"), l.take("b")]).toEqual([true, true, false, true]);
    t = 1000;
    expect([l.take("a"), l.take("a"), l.take("a")]).toEqual([true, true, false]);
  });

  it("keeps a bounded number of keys", () => {
    const t = 0;
    const l = createRateLimiter({ limit: 1, windowMs: 1000, maxKeys: 2, now: () => t });
    expect([l.take("a"), l.take("b"), l.take("c")]).toEqual([true, true, true]);
    // "a" was forgotten to make room: its count starts again
    expect(l.take("a")).toBe(true);
    expect(l.take("c")).toBe(false);
  });
});
