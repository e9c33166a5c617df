import type { QueryKey } from "@tanstack/react-query";

const BACKOFF_START_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
/** The server closes with this code when the socket's session has ended. */
const SESSION_ENDED = 4401;
const SESSION_ENDED_EVENT = "session.ended";

type EventMessage = { type: "event"; seq: number; event: { type: string; invalidate?: QueryKey[] } };
type ServerMessage =
  { type: "hello"; userId: string; instance: string; seq: number; missed?: EventMessage[] | null } | EventMessage;

/** The part of the browser's WebSocket the link uses (the `ws` package's client has the same). */
export interface SocketLike {
  onmessage: ((e: MessageEvent) => void) | null;
  onclose: ((e: CloseEvent) => void) | null;
  close(code?: number, reason?: string): void;
}

export interface RealtimeHandlers {
  invalidate(queryKey: QueryKey): void;
  /** What changed while the socket was down is not known: everything must be refetched. */
  invalidateAll(): void;
  /** This account's sessions may have ended: ask the server now rather than at the next request. */
  sessionEnded(): void;
}

export interface RealtimeLinkOptions {
  /** The address of /realtime/v1, without a query. */
  url: string;
  open(url: string): SocketLike;
  handlers: RealtimeHandlers;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Keeps a socket to /realtime/v1 open: each domain event names the queries it makes stale. A lost connection
 * comes back with a growing, jittered delay (a restarting server is not stormed by every open tab at once) and
 * says which event it saw last, so the server replays only what it missed; when the server cannot (another
 * instance, or too long ago) everything is refetched. Returns the function that closes it for good.
 */
export function openRealtimeLink(opts: RealtimeLinkOptions): () => void {
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const { handlers } = opts;
  let socket: SocketLike | null = null;
  let retryTimer: unknown;
  let delay = BACKOFF_START_MS;
  let stopped = false;
  let dropped = false;
  /** The instance that numbered the events seen, and the last number seen. */
  let cursor: { instance: string; seq: number } | null = null;

  const apply = (m: EventMessage) => {
    if (cursor && m.seq > cursor.seq) cursor.seq = m.seq;
    if (m.event.type === SESSION_ENDED_EVENT) handlers.sessionEnded();
    for (const queryKey of m.event.invalidate ?? []) handlers.invalidate(queryKey);
  };

  const connect = () => {
    const resumeFrom = dropped && cursor ? cursor : null;
    const ws = opts.open(
      resumeFrom ? `${opts.url}?since=${encodeURIComponent(`${resumeFrom.instance}:${resumeFrom.seq}`)}` : opts.url,
    );
    socket = ws;
    ws.onmessage = (e) => {
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      if (msg.type === "hello") {
        delay = BACKOFF_START_MS;
        const wasDropped = dropped;
        dropped = false;
        cursor = { instance: msg.instance, seq: msg.seq };
        if (!wasDropped) return;
        if (resumeFrom && msg.missed) for (const m of msg.missed) apply(m);
        else handlers.invalidateAll();
      } else if (msg.type === "event") apply(msg);
    };
    ws.onclose = (e) => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return;
      dropped = true;
      if (e.code === SESSION_ENDED) handlers.sessionEnded();
      const wait = delay / 2 + Math.random() * (delay / 2);
      delay = Math.min(delay * 2, BACKOFF_MAX_MS);
      retryTimer = setTimer(connect, wait);
    };
  };

  connect();
  return () => {
    stopped = true;
    clearTimer(retryTimer);
    socket?.close(1000, "signed out");
  };
}
