import { describe, expect, it } from "vitest";
import { openRealtimeLink, type SocketLike } from "./realtime-link.ts";

/** A scripted server: each socket the link opens is kept with its address, and the test speaks for the server. */
function harness() {
  const sockets: (SocketLike & { url: string; closedWith?: number })[] = [];
  const timers: (() => void)[] = [];
  const seen: string[] = [];
  const close = openRealtimeLink({
    url: "ws://portal.test/realtime/v1",
    open: (url) => {
      const s = {
        url,
        onmessage: null,
        onclose: null,
        close: (code?: number) => void (s.closedWith = code),
      } as SocketLike & { url: string; closedWith?: number };
      sockets.push(s);
      return s;
    },
    handlers: {
      invalidate: (key) => seen.push(JSON.stringify(key)),
      invalidateAll: () => seen.push("ALL"),
      sessionEnded: () => seen.push("SESSION"),
    },
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => {},
  });
  const last = () => sockets[sockets.length - 1]!;
  return {
    sockets,
    seen,
    close,
    say: (msg: unknown) => last().onmessage!({ data: JSON.stringify(msg) } as MessageEvent),
    drop: (code = 1006) => last().onclose!({ code } as CloseEvent),
    retry: () => timers.shift()!(),
  };
}

const event = (seq: number, type: string, invalidate: string[][]) => ({
  type: "event",
  seq,
  event: { type, invalidate },
});

describe("the realtime link", () => {
  it("invalidates what each event names, and after a drop asks for what it missed since the last event it saw", () => {
    const h = harness();
    expect(h.sockets[0]!.url).toBe("ws://portal.test/realtime/v1");
    h.say({ type: "hello", userId: "u", instance: "i-1", seq: 10 });
    h.say(event(12, "project.changed", [["projects"], ["project", "p"]]));
    expect(h.seen).toEqual(['["projects"]', '["project","p"]']);

    h.drop();
    h.retry();
    expect(h.sockets[1]!.url).toBe("ws://portal.test/realtime/v1?since=i-1%3A12");
    h.say({
      type: "hello",
      userId: "u",
      instance: "i-1",
      seq: 15,
      missed: [event(14, "screenplay.changed", [["screenplay", "s"]])],
    });
    // only what was missed is refetched, never everything
    expect(h.seen.slice(2)).toEqual(['["screenplay","s"]']);

    // the cursor moved to the server's, past events that were for others
    h.drop();
    h.retry();
    expect(h.sockets[2]!.url).toBe("ws://portal.test/realtime/v1?since=i-1%3A15");
  });

  it("refetches everything when the server cannot say what was missed", () => {
    const h = harness();
    h.say({ type: "hello", userId: "u", instance: "i-1", seq: 3 });
    h.drop();
    h.retry();
    h.say({ type: "hello", userId: "u", instance: "i-2", seq: 0, missed: null });
    expect(h.seen).toEqual(["ALL"]);
    // the next resume is from the instance now answering
    h.drop();
    h.retry();
    expect(h.sockets[2]!.url).toBe("ws://portal.test/realtime/v1?since=i-2%3A0");
  });

  it("refetches everything when the first connection failed before any hello, and replays nothing on a first hello", () => {
    const h = harness();
    h.drop();
    h.retry();
    expect(h.sockets[1]!.url).toBe("ws://portal.test/realtime/v1");
    h.say({ type: "hello", userId: "u", instance: "i-1", seq: 7 });
    expect(h.seen).toEqual(["ALL"]);
  });

  it("checks the session when it ended, by event or by close code, and closes for good when told", () => {
    const h = harness();
    h.say({ type: "hello", userId: "u", instance: "i-1", seq: 0 });
    h.say({ type: "event", seq: 1, event: { type: "session.ended", invalidate: [["sessions"]] } });
    expect(h.seen).toEqual(["SESSION", '["sessions"]']);
    h.drop(4401);
    expect(h.seen).toEqual(["SESSION", '["sessions"]', "SESSION"]);
    h.retry();
    h.close();
    expect(h.sockets[1]!.closedWith).toBe(1000);
  });
});
