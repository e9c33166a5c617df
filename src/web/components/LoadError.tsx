import { errorText } from "../lib/api.ts";
import { cn } from "../lib/cn.ts";
import { Button } from "./ui/Button.tsx";

/**
 * What a page or panel shows when its data could not be loaded: what is missing, why, and a way to ask again.
 * `what` starts the sentence ("The projects"); without `onRetry` the person reloads the page instead.
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
