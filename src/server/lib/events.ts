import { EventEmitter } from "node:events";

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
