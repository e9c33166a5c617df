import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../features/auth/AuthProvider.tsx";
import { openRealtimeLink } from "./realtime-link.ts";

/**
 * What an event names is refetched where it is on screen; an answer kept for a page not on screen is dropped, so
 * the page asks afresh when it is opened again (the cache never refetches on mount, and would show it as it was).
 */
function forgetter(queryClient: ReturnType<typeof useQueryClient>) {
  return (queryKey: readonly unknown[]) => {
    queryClient.removeQueries({ queryKey, type: "inactive" });
    void queryClient.invalidateQueries({ queryKey });
  };
}

/** Keeps the realtime link (realtime-link.ts) open while someone is signed in, invalidating the queries it names. */
export function useRealtime() {
  const { user, refresh } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId || typeof WebSocket === "undefined") return;
    const forget = forgetter(queryClient);
    return openRealtimeLink({
      url: `${location.origin.replace(/^http/, "ws")}/realtime/v1`,
      open: (url) => new WebSocket(url),
      handlers: {
        invalidate: (queryKey) => forget(queryKey),
        invalidateAll: () => forget([]),
        sessionEnded: () => void refresh(),
      },
    });
  }, [userId, queryClient, refresh]);
}
