import { ApiError, errorText } from "../lib/api.ts";
import { cn } from "../lib/cn.ts";
import { Button } from "./ui/Button.tsx";

/**
 * What a page or panel shows when its data could not be loaded: what is missing, why, and a way to ask again.
 * `what` starts the sentence ("The projects"); without `onRetry` the person reloads the page instead. A refusal
 * (403) is no failure to retry: the server's sentence says who may see it, shown as a plain notice.
 */
export function LoadError({
  what,
  error,
  onRetry,
  className,
}: {
  what: string;
  error: unknown;
  onRetry?: () => void;
  className?: string;
}) {
  if (error instanceof ApiError && error.status === 403) {
    return (
      <p
        role="status"
        className={cn(
          "rounded-lg border border-zinc-200 p-4 text-sm text-zinc-700 dark:border-zinc-800 dark:text-zinc-300",
          className,
        )}
      >
        {error.message}
      </p>
    );
  }
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm dark:border-red-900/60 dark:bg-red-950/30",
        className,
      )}
    >
      <p className="text-red-800 dark:text-red-300">
        {what} could not be loaded: {errorText(error)}
      </p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
