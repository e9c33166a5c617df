import { Link } from "react-router";

export function NotFound() {
  return (
    <div className="max-w-xl py-8">
      <p className="text-sm font-medium text-amber-700 dark:text-amber-400">404</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">Page Not Found</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">There is no page at this address.</p>
      <Link
        to="/"
        className="mt-6 inline-flex min-h-11 items-center rounded-md bg-zinc-900 px-4 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 md:min-h-10 dark:bg-amber-400 dark:text-zinc-950 dark:hover:bg-amber-300"
      >
        Go Home
      </Link>
    </div>
  );
}
