import { useMutation } from "@tanstack/react-query";
import { Play } from "lucide-react";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { api } from "../../lib/api.ts";

export default function TestNotificationsPage() {
  const run = useMutation({
    // SPEC §7: the processor is invoked with an empty body.
    mutationFn: () => api<unknown>("/functions/v1/process-notification-jobs", { method: "POST" }),
  });

  return (
    <div>
      <PageHeader
        title="Test Notifications"
        description="Runs one batch of the notification-jobs processor now, instead of waiting for the background worker, and shows exactly what it answered."
      />
      <div className="flex flex-col gap-6">
        <div>
          <Button onClick={() => run.mutate()} busy={run.isPending}>
            <Play aria-hidden className="size-4" />
            Run Notification Jobs
          </Button>
        </div>
        {run.isError && (
          <div
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <p className="font-medium">The processor did not run</p>
            <p className="mt-1">{run.error.message}</p>
          </div>
        )}
        {run.isSuccess && (
          <Card className="p-0">
            <p
              aria-hidden
              className="border-b border-zinc-200 px-4 py-2 text-sm font-medium text-zinc-700 dark:border-zinc-800 dark:text-zinc-300"
            >
              Result
            </p>
            <pre
              role="region"
              aria-label="Result"
              tabIndex={0}
              className="overflow-x-auto p-4 font-mono text-sm text-zinc-900 dark:text-zinc-100"
            >
              {JSON.stringify(run.data, null, 2)}
            </pre>
          </Card>
        )}
      </div>
    </div>
  );
}
