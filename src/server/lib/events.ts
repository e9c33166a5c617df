import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "./logger.ts";

/** A domain event, delivered to the users it names (or to everyone signed in when `userIds` is absent). */
export interface DomainEvent {
  type: string;
  /** TanStack Query keys the client should invalidate. */
  invalidate?: string[][];
  userIds?: string[];
  data?: unknown;
}

export interface EventBus {
  publish(event: DomainEvent): Promise<void>;
  subscribe(listener: (event: DomainEvent) => void): () => void;
  close(): Promise<void>;
}

/** Single-process bus (PGlite: one process owns the database, so there is nobody else to tell). */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit("event", event);
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = "portal_events";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7999;
const RECONNECT_MAX_MS = 30_000;

interface Envelope {
  /** The instance that published it: that instance has already delivered it locally. */
  o: string;
  e: DomainEvent;
}

/**
 * The payloads to NOTIFY for one event. An event too large for one notification loses its `data` (the
 * client only needs `invalidate` to refetch); if its audience alone is still too large, it goes out in
 * several notifications that each name a part of the users, so nobody outside `userIds` is told.
 */
export function notifyPayloads(origin: string, event: DomainEvent): string[] {
  const encode = (e: DomainEvent) => JSON.stringify({ o: origin, e } satisfies Envelope);
  const fits = (s: string) => Buffer.byteLength(s) <= MAX_NOTIFY_BYTES;
  const whole = encode(event);
  if (fits(whole)) return [whole];
  const slim: DomainEvent = { type: event.type, invalidate: event.invalidate, userIds: event.userIds };
  const lean = encode(slim);
  if (fits(lean)) return [lean];
  if (!event.userIds || event.userIds.length < 2) throw new Error(`event ${event.type} is too large to publish`);
  const half = Math.ceil(event.userIds.length / 2);
  return [
    ...notifyPayloads(origin, { ...slim, userIds: event.userIds.slice(0, half) }),
    ...notifyPayloads(origin, { ...slim, userIds: event.userIds.slice(half) }),
  ];
}

/**
 * Fan-out between instances on one PostgreSQL: publishing delivers here at once and NOTIFYs the others;
 * a dedicated connection LISTENs and re-connects (with backoff) when it drops. Resolves once listening,
 * so a started instance never misses what is published after its start.
 */
export async function createPgBus(url: string, log: Logger): Promise<EventBus> {
  const local = createLocalBus();
  const origin = randomUUID();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on("error", () => {}); // an idle publisher connection dropped by the server is replaced on next use
  let listener: pg.Client | null = null;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const envelope = JSON.parse(msg.payload) as Envelope;
      if (envelope.o !== origin) void local.publish(envelope.e);
    } catch (err) {
      log.warn({ err }, "realtime: unreadable notification ignored");
    }
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", onNotification);
    const lost = (err?: Error) => {
      if (listener !== client) return;
      listener = null;
      client.removeAllListeners("notification");
      void client.end().catch(() => {});
      if (closed) return;
      log.warn({ err: err?.message }, "realtime: LISTEN connection lost, reconnecting");
      scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
    retryMs = 500;
  };

  const scheduleReconnect = () => {
    retryTimer = setTimeout(() => {
      connect().catch((err) => {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, "realtime: reconnect failed");
        if (!closed) scheduleReconnect();
      });
    }, retryMs);
    retryMs = Math.min(RECONNECT_MAX_MS, retryMs * 2);
  };

  await connect();

  return {
    async publish(event) {
      await local.publish(event);
      // Realtime only prompts clients to refetch: a failed fan-out is logged, never fails the action that published.
      try {
        for (const payload of notifyPayloads(origin, event)) {
          await pool.query("select pg_notify($1, $2)", [CHANNEL, payload]);
        }
      } catch (err) {
        log.warn(
          { err: err instanceof Error ? err.message : String(err), type: event.type },
          "realtime: NOTIFY failed",
        );
      }
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await pool.end();
      await local.close();
    },
  };
}
