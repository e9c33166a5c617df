import { Brand } from "./Brand.tsx";
import { Skeleton } from "./ui/Skeleton.tsx";

/**
 * What a page shows while it cannot know yet what to show (auth loading, code arriving). The name is real
 * text from the start: on a slow phone it is the first thing painted, while the page's code still arrives.
 */
export function PageSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading"
      aria-busy="true"
      data-testid="page-skeleton"
      className="min-h-dvh bg-zinc-50 dark:bg-zinc-950"
    >
      <div className="flex h-14 items-center gap-4 border-b border-zinc-200 px-4 dark:border-zinc-800">
        <span className="px-2 text-lg text-zinc-900 dark:text-zinc-50">
          <Brand />
        </span>
        <Skeleton className="ml-auto h-8 w-20" />
      </div>
      <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 md:p-8">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-full max-w-xl" />
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      </div>
    </div>
  );
}
