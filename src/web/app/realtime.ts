import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../features/auth/AuthProvider.tsx";
import { openRealtimeLink } from "./realtime-link.ts";

/** Keeps the realtime link (realtime-link.ts) open while someone is signed in, invalidating the queries it names. */
export function useRealtime() {
  const { user, refresh } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId || typeof WebSocket === "undefined") return;
    return openRealtimeLink({
      url: `${location.origin.replace(/^http/, "ws")}/realtime/v1`,
      open: (url) => new WebSocket(url),
      handlers: {
        invalidate: (queryKey) => void queryClient.invalidateQueries({ queryKey }),
        invalidateAll: () => void queryClient.invalidateQueries(),
        sessionEnded: () => void refresh(),
      },
    });
  }, [userId, queryClient, refresh]);
}
