import { describe, expect, it } from "vitest";
import { createLocalBus, notifyPayloads, type DomainEvent } from "./events.ts";

const decode = (payloads: string[]) => payloads.map((p) => JSON.parse(p) as { o: string; e: DomainEvent });

describe("notifyPayloads", () => {
  it("sends a small event whole, tagged with its instance", () => {
    const event = { type: "profile.updated", invalidate: [["profile"]], userIds: ["u1"], data: { n: 1 } };
    expect(decode(notifyPayloads("me", event))).toEqual([{ o: "me", e: event }]);
  });

  it("drops the data of an event over PostgreSQL's 8000-byte limit, counting bytes rather than characters", () => {
    // 3000 characters but 9000 bytes
    const event = { type: "note", invalidate: [["notes"]], userIds: ["u1"], data: "€".repeat(3000) };
    const payloads = notifyPayloads("me", event);
    expect(decode(payloads)).toEqual([{ o: "me", e: { type: "note", invalidate: [["notes"]], userIds: ["u1"] } }]);
  });

  it("splits an audience too large for one notification, and tells each user exactly once", () => {
    const userIds = Array.from({ length: 2000 }, (_, i) => `user-${i}-${"x".repeat(20)}`);
    const payloads = notifyPayloads("me", { type: "big", invalidate: [["projects"]], userIds });
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(decode(payloads).flatMap((p) => p.e.userIds)).toEqual(userIds);
  });

  it("never widens an oversized broadcast's audience or drops it silently", () => {
    expect(() => notifyPayloads("me", { type: "x", invalidate: [["a".repeat(9000)]] })).toThrow(/too large/);
  });
});

describe("the local bus", () => {
  it("delivers to subscribers until they unsubscribe", async () => {
    const bus = createLocalBus();
    const got: string[] = [];
    const off = bus.subscribe((e) => got.push(e.type));
    await bus.publish({ type: "a" });
    off();
    await bus.publish({ type: "b" });
    expect(got).toEqual(["a"]);
    await bus.close();
  });
});
