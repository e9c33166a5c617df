import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  answerFromDatabase,
  concerns,
  createEventClearedCache,
  jsonAnswers,
  SWEEP_MS,
  type EntryScope,
} from "./cache.ts";
import { createLocalBus } from "./events.ts";

describe("event-cleared cache", () => {
  afterEach(() => vi.useRealTimers());

  it("answers from memory until the time is up", async () => {
    vi.useFakeTimers();
    const cache = createEventClearedCache<number>(createLocalBus(), { ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("lets answers go once their time and stale time are up, though no one asks for them again", async () => {
    vi.useFakeTimers();
    const cache = createEventClearedCache<number>(createLocalBus(), {
      ttlMs: SWEEP_MS,
      maxEntries: 10,
      staleMs: SWEEP_MS,
    });
    await cache.get("left", async () => 1);
    vi.advanceTimersByTime(40_000);
    await cache.get("fresh", async () => 2);
    vi.advanceTimersByTime(51_000);
    // "left" is past both its times and swept; "fresh" is past its time only, and answered stale while it reloads.
    expect(cache.size).toBe(1);
    expect(await cache.get("fresh", async () => 3)).toBe(2);
    vi.advanceTimersByTime(4 * SWEEP_MS);
    expect(cache.size).toBe(0);
  });

  it("answers a stale entry at once while one reload runs behind it, and never after an event", async () => {
    vi.useFakeTimers();
    const events = createLocalBus();
    const cache = createEventClearedCache<number>(events, { ttlMs: 1000, maxEntries: 10, staleMs: 1000 });
    let loads = 0;
    const release: (() => void)[] = [];
    const load = () => new Promise<number>((resolve) => release.push(() => resolve(++loads)));
    const first = cache.get("k", load);
    release.shift()!();
    expect(await first).toBe(1);
    vi.advanceTimersByTime(1001);
    // Stale: answered from memory, and only one reload starts however many readers come.
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    expect(release).toHaveLength(1);
    release.shift()!();
    await vi.waitFor(async () => expect(await cache.get("k", load)).toBe(2));
    // Past the stale time a reader waits for the database again.
    vi.advanceTimersByTime(2001);
    const late = cache.get("k", load);
    expect(release).toHaveLength(1);
    release.shift()!();
    expect(await late).toBe(3);
    // An event leaves nothing stale to answer.
    await events.publish({ type: "anything" });
    const after = cache.get("k", load);
    release.shift()!();
    expect(await after).toBe(4);
  });

  it("forgets everything when any domain event is published", async () => {
    const events = createLocalBus();
    const cache = createEventClearedCache<number>(events, { ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get("a", load);
    await events.publish({ type: "anything" });
    expect(await cache.get("a", load)).toBe(2);
  });

  it("shares one load between concurrent misses of a key", async () => {
    const cache = createEventClearedCache<string>(createLocalBus(), { ttlMs: 60_000, maxEntries: 10 });
    const load = vi.fn(async () => "v");
    expect(await Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)])).toEqual([
      "v",
      "v",
      "v",
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("neither keeps nor shares a load that an event overtook: the writer's next read sees the write", async () => {
    const events = createLocalBus();
    const cache = createEventClearedCache<string>(events, { ttlMs: 60_000, maxEntries: 10 });
    let release!: (v: string) => void;
    const before = cache.get("k", () => new Promise<string>((r) => (release = r)));
    await events.publish({ type: "project.changed" });
    const after = cache.get("k", async () => "after the write");
    release("before the write");
    expect(await before).toBe("before the write");
    expect(await after).toBe("after the write");
    expect(await cache.get("k", async () => "a third load")).toBe("after the write");
  });

  it("keeps nothing that its time function says not to keep, and nothing that failed", async () => {
    const cache = createEventClearedCache<string | null>(createLocalBus(), { ttlMs: 60_000, maxEntries: 10 });
    const noSession = vi.fn(async () => null);
    await cache.get("k", noSession, (v) => (v ? 60_000 : 0));
    await cache.get("k", noSession, (v) => (v ? 60_000 : 0));
    expect(noSession).toHaveBeenCalledTimes(2);
    await expect(cache.get("e", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.get("e", async () => "up again")).toBe("up again");
  });

  it("holds at most maxEntries, dropping the oldest", async () => {
    const cache = createEventClearedCache<string>(createLocalBus(), { ttlMs: 60_000, maxEntries: 2 });
    for (const k of ["a", "b", "c"]) await cache.get(k, async () => `${k}1`);
    expect(await cache.get("a", async () => "a2")).toBe("a2");
    expect(await cache.get("c", async () => "c2")).toBe("c1");
  });
});

describe("an entry's scope", () => {
  it("is forgotten by the events whose keys meet its own, and kept through the others", async () => {
    const events = createLocalBus();
    const cache = createEventClearedCache<number>(events, { ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    const project = { deps: [["project", "p1"], ["projects"]] };
    expect(await cache.get("p1", load, undefined, project)).toBe(1);
    // A screenplay autosave, another project, a notification: not this answer's business.
    await events.publish({ type: "screenplay.changed", invalidate: [["screenplays"], ["screenplay", "s1"]] });
    await events.publish({ type: "project.changed", invalidate: [["project", "p2"]] });
    expect(await cache.get("p1", load, undefined, project)).toBe(1);
    // The project itself, a part of it, and every project reach it.
    for (const key of [["project", "p1"], ["project", "p1", "activity"], ["project"]]) {
      const before = await cache.get("p1", load, undefined, project);
      await events.publish({ type: "x", invalidate: [key] });
      expect(await cache.get("p1", load, undefined, project)).toBe(before + 1);
    }
    // An event that names no keys concerns everything.
    const before = await cache.get("p1", load, undefined, project);
    await events.publish({ type: "session.ended", userIds: ["u1"] });
    expect(await cache.get("p1", load, undefined, project)).toBe(before + 1);
  });

  it("forgets, through its index of keys, exactly the entries an event concerns", async () => {
    const word = fc.constantFrom("project", "projects", "schedule", "people", "p1", "p2");
    const key = fc.array(word, { maxLength: 3 });
    const scope = fc.option(
      fc.record(
        { deps: fc.array(key, { maxLength: 3 }), userId: fc.constantFrom("u1", "u2") },
        { requiredKeys: ["deps"] },
      ),
      { nil: undefined },
    );
    const event = fc.record(
      {
        type: fc.constant("x"),
        invalidate: fc.array(key, { maxLength: 3 }),
        userIds: fc.array(fc.constantFrom("u1", "u2", "u3"), { maxLength: 2 }),
      },
      { requiredKeys: ["type"] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(scope, { minLength: 1, maxLength: 12 }),
        fc.array(event, { maxLength: 4 }),
        async (scopes, evs) => {
          const events = createLocalBus();
          const cache = createEventClearedCache<number>(events, { ttlMs: 60_000, maxEntries: 100 });
          let loads = 0;
          const load = async () => ++loads;
          const read = (s: EntryScope | undefined, i: number) => cache.get(`k${i}`, load, undefined, s);
          const first = await Promise.all(scopes.map(read));
          let alive = scopes.map(() => true);
          for (const e of evs) {
            await events.publish(e);
            alive = alive.map((a, i) => a && !concerns(e, scopes[i]));
          }
          // Read one by one: a forgotten entry loads a new number, a kept one answers the first.
          for (const [i, s] of scopes.entries()) expect((await read(s, i)) === first[i], `entry ${i}`).toBe(alive[i]);
        },
      ),
    );
  });

  it("keeps one person's answer through an event addressed to other people", async () => {
    const events = createLocalBus();
    const cache = createEventClearedCache<number>(events, { ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    const mine = { deps: [["notifications"]], userId: "me" };
    expect(await cache.get("me", load, undefined, mine)).toBe(1);
    await events.publish({ type: "notifications.changed", invalidate: [["notifications"]], userIds: ["someone-else"] });
    expect(await cache.get("me", load, undefined, mine)).toBe(1);
    await events.publish({
      type: "notifications.changed",
      invalidate: [["notifications"]],
      userIds: ["someone-else", "me"],
    });
    expect(await cache.get("me", load, undefined, mine)).toBe(2);
  });

  it("does not keep a load that an event concerning it overtook", async () => {
    const events = createLocalBus();
    const cache = createEventClearedCache<number>(events, { ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    let release!: () => void;
    const slow = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const scope = { deps: [["budget", "b1"]] };
    const first = cache.get("b1", slow, undefined, scope);
    await events.publish({ type: "budget.draft", invalidate: [["budget", "b1"]] });
    release();
    expect(await first).toBe(1);
    expect(await cache.get("b1", async () => ++loads, undefined, scope)).toBe(2);
  });

  it("keeps nothing for a portal started with ANSWER_CACHE=false, and still keeps for another", async () => {
    const uncachedBus = createLocalBus();
    answerFromDatabase(uncachedBus);
    const uncached = createEventClearedCache<number>(uncachedBus, { ttlMs: 60_000, maxEntries: 10 });
    const cached = createEventClearedCache<number>(createLocalBus(), { ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await uncached.get("k", load)).toBe(1);
    expect(await uncached.get("k", load)).toBe(2);
    expect(await cached.get("k", load)).toBe(3);
    expect(await cached.get("k", load)).toBe(3);
  });

  it("keeps a JSON answer no longer than what it holds allows (a reservation turning overdue)", async () => {
    vi.useFakeTimers();
    const answers = jsonAnswers({ ttlMs: 60_000, maxEntries: 10 });
    const bus = createLocalBus();
    let loads = 0;
    const page = async () => ({ loads: ++loads, turnsAt: Date.now() + 5_000 });
    const read = async () =>
      JSON.parse(
        new TextDecoder().decode(
          await answers(bus, "k", { deps: [["equipment"]] }, page, (v) => v.turnsAt - Date.now()),
        ),
      ).loads;
    expect(await read()).toBe(1);
    vi.advanceTimersByTime(4_000);
    expect(await read()).toBe(1);
    vi.advanceTimersByTime(1_001);
    expect(await read()).toBe(2);
  });
});
