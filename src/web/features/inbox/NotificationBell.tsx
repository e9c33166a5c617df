import { Bell } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { cn } from "../../lib/cn.ts";
import { useNotificationFeed } from "./api.ts";
import { setBellOpen, useBellOpen } from "./bell-state.ts";

// The list is needed only once someone opens it, so it stays out of every page's first load.
const NotificationPanel = lazy(() => import("./NotificationPanel.tsx"));

export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : "Notifications, none unread";

/**
 * The header's bell: the unread count as a badge, kept current by the realtime events that invalidate
 * ["notifications"], and the panel of recent notifications (a popover from 768 px, a sheet below).
 */
export function NotificationBell() {
  const open = useBellOpen();
  const feed = useNotificationFeed();
  const unread = feed.data?.pages[0]?.unread ?? 0;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const announcement = useUnreadAnnouncement(feed.data ? unread : undefined);

  const { pathname } = useLocation();

  // A new page closes the panel, however it was reached: on a phone the sheet would cover it.
  useEffect(() => setBellOpen(false), [pathname]);

  const close = useCallback((returnFocus: boolean) => {
    setBellOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  return (
    <div className="md:relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setBellOpen(!open)}
        className={cn(
          "relative inline-flex size-11 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 md:size-10 dark:text-zinc-300 dark:hover:bg-zinc-800",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500",
          open && "bg-zinc-100 dark:bg-zinc-800",
        )}
      >
        <Bell aria-hidden className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute top-1 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-none font-semibold text-white tabular-nums ring-2 ring-white dark:ring-zinc-900"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} bell={buttonRef} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

/** Tells a screen reader when something new arrives, not when the count first loads or goes down. */
function useUnreadAnnouncement(unread: number | undefined) {
  const previous = useRef<number | undefined>(undefined);
  const [text, setText] = useState("");
  useEffect(() => {
    if (unread === undefined) return;
    if (previous.current !== undefined && unread > previous.current) {
      setText(unread === 1 ? "You have a new notification." : `You have ${unread} unread notifications.`);
    }
    previous.current = unread;
  }, [unread]);
  return text;
}
