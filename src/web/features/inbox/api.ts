import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationPage } from "../../../common/inbox.ts";
import { keys } from "../../../common/query-keys.ts";
import { notify } from "../../components/toast.tsx";
import { api, errorText } from "../../lib/api.ts";

const BASE = "/rest/v1/notifications";
/** Rows per page of the bell's list. */
export const FEED_PAGE = 10;

/** Query key of the notification centre: the server's "notifications.changed" event invalidates it. */
export const NOTIFICATIONS_QUERY_KEY = keys.notifications();

/**
 * Every query here starts with NOTIFICATIONS_QUERY_KEY, so the server's "notifications.changed" event
 * refreshes the badge, the bell's list and the home page's unread list together. A failure stays in the
 * widget instead of replacing the whole page with the error screen: the header is on every page.
 */
export function useNotificationFeed() {
  return useInfiniteQuery({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, "feed"],
    queryFn: ({ pageParam, signal }) =>
      api<NotificationPage>(`${BASE}?limit=${FEED_PAGE}&offset=${pageParam}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    throwOnError: false,
  });
}

export function useUnreadNotifications(limit: number) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, "unread", limit],
    queryFn: ({ signal }) => api<NotificationPage>(`${BASE}?unreadOnly=true&limit=${limit}`, { signal }),
    throwOnError: false,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${BASE}/${encodeURIComponent(id)}/read`, { method: "POST" }),
    // The server's event refreshes other tabs; this one should not wait for the round trip.
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
    onError: (err) => notify.error("Could not mark the notification as read", { description: errorText(err) }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ marked: number }>(`${BASE}/read-all`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
    onError: (err) => notify.error("Could not mark the notifications as read", { description: errorText(err) }),
  });
}
