import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../features/auth/AuthProvider.tsx";

const BACKOFF_START_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
/** The server closes with this code when the socket's session has ended. */
const SESSION_ENDED = 4401;
const SESSION_ENDED_EVENT = "session.ended";

type ServerMessage = { type: "hello"; userId: string } | { type: "event"; event: { type: string; invalidate?: QueryKey[] } };

/**
 * Keeps a WebSocket to /realtime/v1 open while someone is signed in: each domain event names the
 * queries it makes stale, and those are invalidated. Lost connections come back with a growing,
 * jittered delay so a restarting server is not stormed by every open tab at once.
 */
export function useRealtime() {
  const { user, refresh } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId || typeof WebSocket === "undefined") return;
    const url = `${location.origin.replace(/^http/, "ws")}/realtime/v1`;
    let socket: WebSocket | null = null;
    let retryTimer: number | undefined;
    let delay = BACKOFF_START_MS;
    let stopped = false;
    let missedEvents = false;

    const connect = () => {
      socket = new WebSocket(url);
      socket.onmessage = (e) => {
        let msg: ServerMessage;
        try {
          msg = JSON.parse(String(e.data)) as ServerMessage;
        } catch {
          return;
        }
        if (msg.type === "hello") {
          delay = BACKOFF_START_MS;
          // Whatever changed while the socket was down was never announced.
          if (missedEvents) void queryClient.invalidateQueries();
          missedEvents = false;
        } else if (msg.type === "event") {
          // An admin deactivated this account: its sessions are gone, so find out now rather than at the next request.
          if (msg.event.type === SESSION_ENDED_EVENT) void refresh();
          for (const queryKey of msg.event.invalidate ?? []) void queryClient.invalidateQueries({ queryKey });
        }
      };
      socket.onclose = (e) => {
        socket = null;
        if (stopped) return;
        missedEvents = true;
        if (e.code === SESSION_ENDED) void refresh();
        const wait = delay / 2 + Math.random() * (delay / 2);
        delay = Math.min(delay * 2, BACKOFF_MAX_MS);
        retryTimer = window.setTimeout(connect, wait);
      };
    };

    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      socket?.close(1000, "signed out");
    };
  }, [userId, queryClient, refresh]);
}
