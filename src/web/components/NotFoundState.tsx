import { ArrowLeft } from "lucide-react";
import { Link, useMatches } from "react-router";
import type { PageEntry } from "../app/pages.ts";
import { ApiError } from "../lib/api.ts";

const ANY_PAGE: NonNullable<PageEntry["missing"]> = { what: "Page", back: { to: "/", label: "Go Home" } };

/** The server's answer that the id in the address names nothing (or nothing this person may see). */
export const isNotFound = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 404;

/**
 * An address whose id names nothing: says what was not found, the server's reason, and the way back.
 * Not the generic error screen: trying again cannot help, and a deleted item is not a fault.
 */
export function NotFoundState({
  message,
  what,
  back,
}: {
  message?: string;
  what?: string;
  back?: { to: string; label: string };
}) {
  // What is missing and the way back come from the page's entry in pages.ts, so every detail page says it alike;
  // a page that knows better (the version of a document, the project a document was in) says so.
  const entry = (useMatches().findLast((m) => m.handle)?.handle as PageEntry | undefined)?.missing ?? ANY_PAGE;
  const info = { what: what ?? entry.what, back: back ?? entry.back };
  return (
    <div role="alert" className="max-w-xl py-8">
      <p className="text-sm font-medium text-amber-700 dark:text-amber-400">404</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
        {info.what} not found
      </h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">
        {message ?? `There is no ${info.what.toLowerCase()} at this address.`} It may have been deleted, or the link is
        mistyped.
      </p>
      <Link
        to={info.back.to}
        className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-md bg-zinc-900 px-4 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 md:min-h-10 dark:bg-amber-400 dark:text-zinc-950 dark:hover:bg-amber-300"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {info.back.label}
      </Link>
    </div>
  );
}
