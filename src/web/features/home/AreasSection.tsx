import { Link } from "react-router";
import { AREAS } from "./areas.ts";

export function AreasSection() {
  return (
    <section aria-labelledby="home-areas">
      <h2 id="home-areas" className="mb-3 text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Areas of the portal
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {AREAS.map(({ title, to, purpose, icon: Icon, runBy }) => {
          return (
            <li key={to} className="flex">
              <Link
                to={to}
                className="group flex w-full flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm transition-colors hover:border-zinc-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600"
              >
                <span className="flex items-center gap-2 font-medium text-zinc-900 group-hover:underline dark:text-zinc-50">
                  <Icon aria-hidden className="size-5 shrink-0 text-amber-700 dark:text-amber-400" />
                  {title}
                </span>
                <span className="text-sm text-zinc-600 dark:text-zinc-400">{purpose}</span>
                {runBy && (
                  <span className="mt-auto pt-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">{runBy}</span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
