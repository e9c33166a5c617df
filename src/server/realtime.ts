import { randomUUID } from "node:crypto";
import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { ServerType } from "@hono/node-server";
import { WebSocket, WebSocketServer } from "ws";
import type { Auth } from "./auth/auth.ts";
import type { Services } from "./context.ts";
import { liveSessionIds, SESSION_ENDED_EVENT } from "./features/sessions/service.ts";
import type { DomainEvent } from "./lib/events.ts";
import { allowedOrigins } from "./lib/origin.ts";

export const REALTIME_PATH = "/realtime/v1";
const HEARTBEAT_MS = 30_000;
/** Close code sent when the socket's session was signed out or expired (4000–4999 are the application's). */
export const SESSION_ENDED = 4401;
const SESSION_CHECK_CHUNK = 500;
/** Published by /auth/v1 after a sign-out, password change or reset (auth/routes.ts): whose is not known there. */
const SESSIONS_CHANGED_EVENT = "auth.sessions_changed";

/** An event as a client sees it: numbered in this instance's order, so a client knows what it last saw. */
export type EventMessage = { type: "event"; seq: number; event: Omit<DomainEvent, "userIds"> };
/**
 * `instance` and `seq` are where the client stands (the last event this instance numbered); a client that
 * reconnects with `?since=<instance>:<seq>` gets `missed`: the events for it since then, or null when this
 * instance cannot say (another instance, a restart, or an event for it already forgotten), and the client must
 * then refetch everything.
 */
export type ServerMessage =
  { type: "hello"; userId: string; instance: string; seq: number; missed?: EventMessage[] | null } | EventMessage;

export interface Realtime {
  attach(server: ServerType): void;
  /**
   * Runs on every heartbeat: drops sockets that did not answer the last ping, pings the rest, and closes those
   * whose session has ended, so a signed-out browser does not keep receiving events.
   */
  heartbeat(): Promise<void>;
  readonly connections: number;
  close(): Promise<void>;
}

interface Client {
  ws: WebSocket;
  userId: string;
  sessionId: string;
  alive: boolean;
}

interface Sent {
  seq: number;
  /** null: everyone signed in. */
  audience: Set<string> | null;
  frame: Buffer;
}

/**
 * The last `size` events this instance sent, with their audience, for clients that reconnect. What falls out is
 * remembered only as "the last forgotten event for this person (or for everyone)": enough to tell a client exactly
 * whether everything it missed is still here, without keeping the events themselves.
 */
export function createReplayLog(size: number) {
  const ring: (Sent | undefined)[] = new Array(size);
  let seq = 0;
  let forgottenForAll = 0;
  const forgottenFor = new Map<string, number>();
  return {
    get seq() {
      return seq;
    },
    add(audience: Set<string> | null, frameOf: (seq: number) => Buffer): Sent {
      seq++;
      const slot = (seq - 1) % size;
      const old = ring[slot];
      if (old) {
        if (!old.audience) forgottenForAll = old.seq;
        else for (const id of old.audience) forgottenFor.set(id, old.seq);
      }
      const sent = { seq, audience, frame: frameOf(seq) };
      ring[slot] = sent;
      return sent;
    },
    /** The frames for `userId` after `after`, oldest first, or null when one of them is no longer kept. */
    since(userId: string, after: number): Buffer[] | null {
      if (after > seq || after < Math.max(forgottenForAll, forgottenFor.get(userId) ?? 0)) return null;
      const out: Buffer[] = [];
      for (let n = Math.max(after + 1, seq - size + 1); n <= seq; n++) {
        const sent = ring[(n - 1) % size]!;
        if (!sent.audience || sent.audience.has(userId)) out.push(sent.frame);
      }
      return out;
    },
  };
}

type Verdict = { status: number; message: string } | { userId: string; sessionId: string };

export function createRealtime(s: Services, auth: Auth): Realtime {
  const { log, config } = s;
  // Clients never need to send anything but pongs: a small limit stops anyone using the socket as a sink.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const clients = new Set<Client>();
  /** The same clients by person, so an event for a few people does not walk every socket. */
  const byUser = new Map<string, Set<Client>>();
  const instance = randomUUID();
  const replay = createReplayLog(config.REALTIME_REPLAY_EVENTS);
  let attached: ServerType | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closing = false;

  const unsubscribe = s.events.subscribe((event) => {
    const audience = event.userIds ? new Set(event.userIds) : null;
    // Who else receives an event is nobody's business: userIds stay on the server.
    const { userIds: _omit, ...visible } = event;
    // One frame for every recipient: built and encoded once, however many sockets it goes to.
    const { frame } = replay.add(audience, (seq) =>
      Buffer.from(JSON.stringify({ type: "event", seq, event: visible } satisfies EventMessage)),
    );
    const send = (c: Client) => c.ws.readyState === WebSocket.OPEN && c.ws.send(frame, { binary: false });
    if (!audience) for (const c of clients) send(c);
    else for (const id of audience) byUser.get(id)?.forEach(send);
    // A session that ended must stop receiving at once, not at the next heartbeat. The event names the people
    // whose sessions ended (an empty list, from a sign-out through /auth/v1, names nobody in particular).
    if (event.type === SESSION_ENDED_EVENT || event.type === SESSIONS_CHANGED_EVENT) {
      const whose = event.userIds?.length ? new Set(event.userIds) : null;
      closeEnded([...clients].filter((c) => !whose || whose.has(c.userId))).catch((err) =>
        log.warn({ err }, "realtime: session check failed"),
      );
    }
  });

  async function authenticate(req: IncomingMessage): Promise<Verdict> {
    const origin = req.headers.origin;
    const allowed = allowedOrigins(config.PUBLIC_URL, {
      host: req.headers.host,
      forwardedProto: header(req, "x-forwarded-proto"),
    });
    // A browser always sends Origin on a WebSocket; another site's page must not ride on our cookie.
    if (origin && !allowed.includes(origin)) return { status: 403, message: "Cross-site connection refused." };
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    const found = await auth.api.getSession({ headers });
    if (!found) return { status: 401, message: "Please sign in to continue." };
    return { userId: found.user.id, sessionId: found.session.id };
  }

  function forget(c: Client) {
    if (!clients.delete(c)) return false;
    const mine = byUser.get(c.userId);
    mine?.delete(c);
    if (mine?.size === 0) byUser.delete(c.userId);
    return true;
  }

  /**
   * Registers the socket and says hello in the same turn of the event loop, so that every event is either in
   * `missed` or sent afterwards, never lost in between and never both.
   */
  function connected(ws: WebSocket, who: { userId: string; sessionId: string }, since: string | null) {
    const client: Client = { ws, ...who, alive: true };
    clients.add(client);
    (byUser.get(who.userId) ?? byUser.set(who.userId, new Set()).get(who.userId)!).add(client);
    ws.on("pong", () => (client.alive = true));
    ws.on("close", () => forget(client));
    ws.on("error", (err) => log.debug({ err: err.message }, "realtime: socket error"));
    const hello = JSON.stringify({
      type: "hello",
      userId: who.userId,
      instance,
      seq: replay.seq,
    } satisfies ServerMessage);
    if (since === null) return ws.send(hello);
    const [from, after] = since.split(":");
    const missed = from === instance && /^\d+$/.test(after ?? "") ? replay.since(who.userId, Number(after)) : null;
    // The kept frames are spliced in as they are, rather than parsed and written again.
    ws.send(`${hello.slice(0, -1)},"missed":${missed ? `[${missed.join(",")}]` : "null"}}`);
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname, searchParams } = new URL(req.url ?? "/", "http://localhost");
    const since = searchParams.get("since");
    if (pathname !== REALTIME_PATH) {
      // Leave other paths to another upgrade handler if there is one; otherwise nobody answers them.
      if (attached?.listenerCount("upgrade") === 1) refuse(socket, 404, "There is nothing at this address.");
      return;
    }
    socket.on("error", () => {}); // a client that vanishes during the handshake is not an error of ours
    authenticate(req)
      .then((verdict) => {
        if (closing) return refuse(socket, 503, "The server is shutting down.");
        if ("status" in verdict) return refuse(socket, verdict.status, verdict.message);
        wss.handleUpgrade(req, socket, head, (ws) => connected(ws, verdict, since));
      })
      .catch((err) => {
        log.error({ err }, "realtime: upgrade failed");
        refuse(socket, 500, "An unexpected error occurred");
      });
  };

  async function endedSessions(ids: string[]): Promise<Set<string>> {
    const live = new Set<string>();
    for (let i = 0; i < ids.length; i += SESSION_CHECK_CHUNK) {
      for (const id of await liveSessionIds(s, ids.slice(i, i + SESSION_CHECK_CHUNK))) live.add(id);
    }
    return new Set(ids.filter((id) => !live.has(id)));
  }

  /** Closes, among `candidates`, the sockets whose session is gone (asked of the database, not of the event). */
  async function closeEnded(candidates: Client[]) {
    if (!candidates.length) return;
    const ended = await endedSessions([...new Set(candidates.map((c) => c.sessionId))]);
    for (const c of candidates) {
      if (ended.has(c.sessionId) && forget(c)) c.ws.close(SESSION_ENDED, "Session ended");
    }
  }

  return {
    attach(server) {
      attached = server;
      server.on("upgrade", onUpgrade);
      timer = setInterval(() => {
        this.heartbeat().catch((err) => log.warn({ err }, "realtime: heartbeat failed"));
      }, HEARTBEAT_MS);
      timer.unref();
    },

    async heartbeat() {
      for (const c of clients) {
        if (!c.alive) {
          c.ws.terminate();
          forget(c);
          continue;
        }
        c.alive = false;
        c.ws.ping();
      }
      await closeEnded([...clients]);
    },

    get connections() {
      return clients.size;
    },

    async close() {
      closing = true;
      clearInterval(timer);
      unsubscribe();
      attached?.off("upgrade", onUpgrade);
      const open = [...wss.clients];
      await Promise.race([
        Promise.all(
          open.map(
            (ws) =>
              new Promise<void>((resolve) => {
                if (ws.readyState === WebSocket.CLOSED) return resolve();
                ws.once("close", () => resolve());
                ws.close(1001, "Server shutting down");
              }),
          ),
        ),
        new Promise((r) => setTimeout(r, 1000).unref()),
      ]);
      for (const ws of wss.clients) ws.terminate();
      clients.clear();
      byUser.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function refuse(socket: Duplex, status: number, message: string) {
  const body = JSON.stringify({ error: { message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
