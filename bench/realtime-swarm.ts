/**
 * The 1,000 browsers of the realtime peak, in a process of their own (forked by realtime-peak.ts) so that the
 * peak's 200 HTTP connections in the bench's process do not delay when an event is seen arriving. Times are
 * absolute (`performance.timeOrigin + performance.now()`), comparable with the bench process's.
 */
import WebSocket from "ws";

export interface SwarmClient {
  cookie: string;
}
export interface SwarmSetup {
  url: string;
  origin: string;
  clients: SwarmClient[];
  /** The screenplay whose `screenplay.changed` the bench times (an event for everyone). */
  probeScreenplayId: string;
}
/** What one client saw: its person, where it stands, and when each timed event arrived. */
export interface ClientReport {
  userId: string;
  instance: string;
  open: boolean;
  /** Arrival times of `screenplay.changed` for the probe screenplay, in order. */
  broadcast: number[];
  /** Arrival times of `profile.updated` (only the bench changes profiles), in order. */
  targeted: number[];
  /** Every event number received live, in order (for the reconnect check). */
  seqs: number[];
  /** The event number the last hello stood at. */
  helloSeq: number;
  /** The `missed` of the last hello that answered a resume: event numbers, or null for "cannot say". */
  missed: number[] | null | undefined;
  /** The last event number seen (the hello's, or a later event's). */
  seq: number;
}

type Command =
  | { cmd: "setup"; setup: SwarmSetup }
  | { cmd: "open" }
  | { cmd: "drop"; ids: number[] }
  | { cmd: "resume"; ids: number[] }
  | { cmd: "report" }
  | { cmd: "close" };

let setup: SwarmSetup;
const now = () => performance.timeOrigin + performance.now();
let clients: { ws: WebSocket | null; report: ClientReport }[] = [];
const reply = (m: object) => process.send!(m);

function connect(i: number, since?: string): Promise<void> {
  const c = clients[i]!;
  const url = `${setup.url}/realtime/v1${since ? `?since=${encodeURIComponent(since)}` : ""}`;
  const ws = new WebSocket(url, {
    headers: { cookie: setup.clients[i]!.cookie, origin: setup.origin },
    perMessageDeflate: false,
  });
  c.ws = ws;
  return new Promise((resolve, reject) => {
    ws.on("message", (data) => {
      const at = now();
      const msg = JSON.parse(String(data));
      const seen = (m: { seq: number; event: { type: string; data?: { id?: string } } }, replayed: boolean) => {
        c.report.seq = Math.max(c.report.seq, m.seq);
        if (replayed) return;
        c.report.seqs.push(m.seq);
        if (m.event.type === "screenplay.changed" && m.event.data?.id === setup.probeScreenplayId)
          c.report.broadcast.push(at);
        else if (m.event.type === "profile.updated") c.report.targeted.push(at);
      };
      if (msg.type === "hello") {
        c.report.userId = msg.userId;
        c.report.instance = msg.instance;
        c.report.seq = msg.seq;
        c.report.helloSeq = msg.seq;
        c.report.open = true;
        if (since) {
          c.report.missed = msg.missed ? msg.missed.map((m: { seq: number }) => m.seq) : null;
          for (const m of msg.missed ?? []) seen(m, true);
        }
        resolve();
      } else if (msg.type === "event") seen(msg, false);
    });
    ws.once("unexpected-response", (_req, res) => reject(new Error(`realtime refused with ${res.statusCode}`)));
    ws.once("error", reject);
    ws.on("close", () => {
      if (c.ws === ws) c.report.open = false;
    });
  });
}

/** Opens `ids` a few at a time, as browsers arriving over a minute would, not as one burst. */
async function openAll(ids: number[], since?: (i: number) => string) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < ids.length) {
        const i = ids[next++]!;
        await connect(i, since?.(i));
      }
    }),
  );
}

process.on("message", async (command: Command) => {
  try {
    switch (command.cmd) {
      case "setup":
        setup = command.setup;
        clients = setup.clients.map(() => ({
          ws: null,
          report: {
            userId: "",
            instance: "",
            open: false,
            broadcast: [],
            targeted: [],
            seqs: [],
            helloSeq: 0,
            missed: undefined,
            seq: 0,
          },
        }));
        break;
      case "open":
        await openAll(clients.map((_, i) => i));
        break;
      case "drop":
        for (const i of command.ids) {
          const ws = clients[i]!.ws!;
          await new Promise<void>((resolve) => {
            ws.once("close", () => resolve());
            ws.terminate();
          });
        }
        break;
      case "resume":
        await openAll(command.ids, (i) => `${clients[i]!.report.instance}:${clients[i]!.report.seq}`);
        break;
      case "report":
        reply({ ok: true, reports: clients.map((c) => c.report) });
        return;
      case "close":
        for (const c of clients) c.ws?.terminate();
        reply({ ok: true });
        process.disconnect();
        return;
    }
    reply({ ok: true });
  } catch (err) {
    reply({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
