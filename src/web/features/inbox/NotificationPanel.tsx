import { BellOff, CheckCheck, Settings, X } from "lucide-react";
import { useEffect, useId, useRef, type RefObject } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/Button.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { cn } from "../../lib/cn.ts";
import { useMarkAllRead, useNotificationFeed } from "./api.ts";
import { NotificationRow, rowFocusRing as focusRing } from "./NotificationRow.tsx";
import { LoadError } from "../../components/LoadError.tsx";

/**
 * Not modal: the page stays usable behind it. Escape closes it and gives focus back to the bell;
 * a click or focus outside it closes it and leaves focus where it went.
 */
export default function NotificationPanel({
  id,
  bell,
  onClose,
}: {
  id: string;
  bell: RefObject<HTMLButtonElement | null>;
  onClose(returnFocus: boolean): void;
}) {
  const feed = useNotificationFeed();
  const markAll = useMarkAllRead();
  const panelRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const first = feed.data?.pages[0];
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = first?.unread ?? 0;

  useEffect(() => headingRef.current?.focus(), []);

  useEffect(() => {
    const inside = (node: EventTarget | null) =>
      node instanceof Node && (panelRef.current?.contains(node) || bell.current?.contains(node));
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        onClose(true);
      }
    };
    const onPointer = (e: PointerEvent) => !inside(e.target) && onClose(false);
    const onFocus = (e: FocusEvent) => !inside(e.target) && onClose(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [bell, onClose]);

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      className={cn(
        // A sheet under the header on a phone; a popover under the bell from 768 px.
        "fixed inset-x-0 top-14 z-40 flex h-[calc(100dvh-3.5rem)] flex-col border-t border-zinc-200 bg-white shadow-xl dark:border-zinc-800 dark:bg-zinc-900",
        "md:absolute md:inset-x-auto md:top-full md:right-0 md:mt-2 md:h-auto md:max-h-[min(36rem,calc(100dvh-5rem))] md:w-[26rem] md:rounded-lg md:border",
      )}
    >
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <div className="min-w-0 flex-1">
          <h2
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-zinc-900 outline-none dark:text-zinc-50"
          >
            Notifications
          </h2>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {first ? (unread > 0 ? `${unread} unread` : "All read") : "Loading…"}
          </p>
        </div>
        <Button
          variant="ghost"
          className="px-2 text-xs"
          disabled={unread === 0}
          busy={markAll.isPending}
          onClick={() =>
            // The button is disabled once all is read; focus would otherwise fall out of the panel.
            markAll.mutate(undefined, { onSuccess: () => headingRef.current?.focus() })
          }
        >
          <CheckCheck aria-hidden className="size-4" />
          Mark all as read
        </Button>
        <button
          type="button"
          onClick={() => onClose(true)}
          className={cn(
            "inline-flex size-11 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 md:size-9 dark:text-zinc-300 dark:hover:bg-zinc-800",
            focusRing,
          )}
        >
          <X aria-hidden className="size-5" />
          <span className="sr-only">Close notifications</span>
        </button>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto">
        {feed.isPending ? (
          <div role="status" aria-label="Loading notifications" className="flex flex-col gap-3 p-4">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : feed.isError && !first ? (
          <LoadError what="The notifications" error={feed.error} onRetry={() => void feed.refetch()} className="m-4" />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
            <BellOff aria-hidden className="size-8 text-zinc-400" />
            <p className="font-medium text-zinc-900 dark:text-zinc-100">Nothing yet</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              You will hear here when someone adds you to a crew, when a production of yours changes phase, and two days
              before its milestones are due.
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationRow n={n} onOpen={() => onClose(false)} />
              </li>
            ))}
          </ul>
        )}
        {feed.hasNextPage && (
          <div className="border-t border-zinc-100 p-3 dark:border-zinc-800">
            <Button
              variant="secondary"
              className="w-full"
              busy={feed.isFetchingNextPage}
              onClick={() => feed.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        )}
      </div>

      <div className="border-t border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <Link
          to="/settings#settings-notifications"
          onClick={() => onClose(false)}
          className={cn(
            "inline-flex min-h-11 items-center gap-2 rounded-md text-sm text-zinc-700 underline-offset-4 hover:underline md:min-h-9 dark:text-zinc-300",
            focusRing,
          )}
        >
          <Settings aria-hidden className="size-4" />
          Choose which e-mails you get
        </Link>
      </div>
    </div>
  );
}
