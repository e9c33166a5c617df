import { useFormats } from "../../lib/format.ts";
import { Link } from "react-router";
import type { NotificationDto } from "../../../common/inbox.ts";
import { cn } from "../../lib/cn.ts";
import { useMarkRead } from "./api.ts";
import { timeAgo } from "./time.ts";

export const rowFocusRing = "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-amber-500";
const focusRing = rowFocusRing;

/** The row is the way to what it is about: opening it marks it read. */
export function NotificationRow({ n, onOpen, compact }: { n: NotificationDto; onOpen?(): void; compact?: boolean }) {
  const fmt = useFormats();
  const markRead = useMarkRead();
  const unread = n.readAt === null;
  const open = () => {
    if (unread) markRead.mutate(n.id);
    onOpen?.();
  };
  const content = (
    <>
      <span
        aria-hidden
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-amber-500" : "bg-transparent")}
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className={cn("text-sm text-zinc-900 dark:text-zinc-50", unread ? "font-semibold" : "font-normal")}>
          {unread && <span className="sr-only">Unread: </span>}
          {n.title}
        </span>
        {n.body && (
          <span className={cn("text-sm text-zinc-600 dark:text-zinc-400", compact && "line-clamp-2")}>{n.body}</span>
        )}
        <time
          dateTime={n.createdAt}
          title={fmt.dateTime(n.createdAt)}
          className="text-xs text-zinc-600 dark:text-zinc-400"
        >
          {timeAgo(n.createdAt, fmt)}
        </time>
      </span>
    </>
  );
  const rowClass = cn(
    "flex w-full gap-3 px-4 py-3 text-left hover:bg-zinc-50 dark:hover:bg-zinc-800/60",
    unread && "bg-amber-50/60 dark:bg-amber-400/5",
    focusRing,
  );
  return n.link ? (
    <Link to={n.link} onClick={open} className={rowClass}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={open} disabled={!unread} className={cn(rowClass, "disabled:cursor-default")}>
      {content}
    </button>
  );
}
