import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CalendarDays, Copy } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/ui/Button.tsx";
import { ApiError } from "../../lib/api.ts";
import { useIcalFeed, renewIcalFeed, overviewKeys } from "./api.ts";

/** The personal calendar feed: its URL is shown once, when it is made, because only its hash is kept. */
export function IcalFeedButton() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const urlId = useId();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  const feed = useIcalFeed(open);
  const create = useMutation({
    mutationFn: renewIcalFeed,
    onSuccess: (d) => setUrl(d.url),
    onError: (err) =>
      toast.error("No feed URL made", {
        description: err instanceof ApiError ? err.message : "An unexpected error occurred",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: overviewKeys.ical() }),
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    setUrl(null);
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Feed URL copied", { description: "Paste it into your calendar app as a subscription." });
    } catch {
      toast.error("Not copied", {
        description: "Your browser did not allow copying; select the address and copy it yourself.",
      });
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <CalendarDays aria-hidden className="size-4" />
        iCal feed
      </Button>
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        className="m-auto w-[min(34rem,calc(100vw-1rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {open && (
          <div className="flex flex-col gap-4 p-5 text-sm">
            <h2 id={titleId} className="text-lg font-semibold">
              Your shoots in your calendar
            </h2>
            <p className="text-zinc-700 dark:text-zinc-300">
              Subscribe to this address in Google Calendar, Apple Calendar or Outlook (“add calendar from URL”) and the
              shoot days of every production you are on the crew of, or supervise, appear there and stay up to date.
            </p>
            <p className="text-zinc-700 dark:text-zinc-300">
              The address is secret: anyone who has it can see those shoot days. It is shown only now; if you lose it or
              it leaks, make a new one and the old one stops working.
            </p>
            {url ? (
              <div className="flex flex-col gap-1.5">
                <label htmlFor={urlId} className="font-medium">
                  Your feed URL
                </label>
                <div className="flex gap-2">
                  <input
                    id={urlId}
                    readOnly
                    value={url}
                    onFocus={(e) => e.target.select()}
                    className="min-h-10 min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-3 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
                  />
                  <Button variant="secondary" onClick={copy}>
                    <Copy aria-hidden className="size-4" />
                    Copy
                  </Button>
                </div>
              </div>
            ) : (
              feed.data?.active && (
                <p className="rounded-md bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
                  You already have a feed URL. Making a new one stops the old one.
                </p>
              )
            )}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
              {!url && (
                <Button busy={create.isPending} onClick={() => create.mutate()}>
                  {feed.data?.active ? "Make a new feed URL" : "Make my feed URL"}
                </Button>
              )}
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
