import { hashPassword, verifyPassword } from "better-auth/crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLimiter } from "../lib/admission.ts";
import { boundedPassword } from "./password.ts";

describe("password hashing limiter", () => {
  it("never runs more than its limit at once, and serves the waiting in order", async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const releases: (() => void)[] = [];
    const jobs = [0, 1, 2, 3, 4].map((i) =>
      limit(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => releases.push(r));
        running--;
        finished.push(i);
        return i;
      }),
    );
    for (let done = 0; done < 5; done++) {
      await new Promise((r) => setTimeout(r, 5));
      expect(running).toBeLessThanOrEqual(2);
      releases.shift()!();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(finished).toEqual([0, 1, 2, 3, 4]);
  });

  it("frees the slot when the work fails", async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limit(async () => "next")).toBe("next");
  });

  it("hashes and checks a password the way better-auth does, both ways", async () => {
    const hash = await boundedPassword.hash("portal-demo");
    expect(await boundedPassword.verify({ hash, password: "portal-demo" })).toBe(true);
    expect(await boundedPassword.verify({ hash, password: "wrong" })).toBe(false);
    // Accounts made before (better-auth's own hash) still sign in, and better-auth reads ours.
    expect(await verifyPassword({ hash, password: "portal-demo" })).toBe(true);
    const theirs = await hashPassword("Ünïcode pässword");
    expect(await boundedPassword.verify({ hash: theirs, password: "Ünïcode pässword" })).toBe(true);
    expect(await boundedPassword.verify({ hash: theirs, password: "Unicode password" })).toBe(false);
  });

  describe("its thread", () => {
    afterEach(() => vi.useRealTimers());

    it("ends a while after its last hash, and the next sign-in starts another", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      vi.resetModules();
      const fresh = await import("./password.ts");
      const hash = await fresh.boundedPassword.hash("portal-demo");
      expect(fresh.hasherRunning()).toBe(true);
      await vi.advanceTimersByTimeAsync(fresh.HASHER_KEPT_IDLE_MS - 1_000);
      expect(await fresh.boundedPassword.verify({ hash, password: "portal-demo" })).toBe(true);
      await vi.advanceTimersByTimeAsync(fresh.HASHER_KEPT_IDLE_MS - 1_000);
      expect(fresh.hasherRunning()).toBe(true);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(fresh.hasherRunning()).toBe(false);
      expect(await fresh.boundedPassword.verify({ hash, password: "portal-demo" })).toBe(true);
      expect(await fresh.boundedPassword.verify({ hash, password: "wrong" })).toBe(false);
    });
  });
});
