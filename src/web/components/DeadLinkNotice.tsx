import { Link2Off } from "lucide-react";
import { ApiError, errorText } from "../lib/api.ts";

/**
 * What a person outside the school sees when a link they were given no longer opens: closed or expired (410) or
 * never valid, with the server's own message. `what` names the link, as "release link".
 */
export function DeadLinkNotice({ what, error }: { what: string; error: unknown }) {
  const gone = error instanceof ApiError && error.status === 410;
  return (
    <section
      role="alert"
      className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-3 rounded-lg border border-zinc-200 bg-white p-6 text-center dark:border-zinc-800 dark:bg-zinc-900"
    >
      <Link2Off aria-hidden className="size-10 text-zinc-500" />
      <h1 className="text-xl font-semibold">{gone ? `This ${what} is closed` : `This ${what} does not work`}</h1>
      <p className="max-w-prose text-sm text-zinc-700 dark:text-zinc-300">{errorText(error)}</p>
    </section>
  );
}
