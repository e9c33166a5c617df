import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { collectWhenQuiet, exposedGc, QUIET_MS } from "./idle-gc.ts";

describe("collecting garbage when the portal goes quiet", () => {
  afterEach(() => vi.useRealTimers());

  it("collects once after a quiet spell that followed requests, and again only after more requests", () => {
    vi.useFakeTimers();
    const server = new EventEmitter();
    const collect = vi.fn();
    const stop = collectWhenQuiet(server, collect);
    vi.advanceTimersByTime(5 * QUIET_MS);
    expect(collect).not.toHaveBeenCalled();
    for (let second = 0; second < 30; second++) {
      server.emit("request");
      vi.advanceTimersByTime(1000);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2 * QUIET_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * QUIET_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    server.emit("request");
    vi.advanceTimersByTime(2 * QUIET_MS);
    expect(collect).toHaveBeenCalledTimes(2);
    stop();
  });

  it("reaches V8's collector without --expose-gc on the command line", () => {
    const gc = exposedGc();
    expect(typeof gc).toBe("function");
    expect(() => gc()).not.toThrow();
  });
});
