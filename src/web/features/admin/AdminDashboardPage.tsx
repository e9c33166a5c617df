import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { DeadJobDto } from "../../../common/overview-api.ts";
import { PHASE_LABELS } from "../../../common/projects.ts";
import { ROLE_LABELS } from "../../../common/roles.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { ApiError } from "../../lib/api.ts";
import { useFormats } from "../../lib/format.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { useDashboard, retryJob } from "./api.ts";
import { keys } from "../../../common/query-keys.ts";
import { mayOpen } from "../../app/pages.ts";

export default function AdminDashboardPage() {
  const { user } = useAuth();
  if (!mayOpen("/admin", user?.role)) {
    return (
      <div>
        <PageHeader title="Admin Dashboard" />
        <Card>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            The admin dashboard is for staff and administrators: it shows the whole school's productions, the
            notification queue and who did what. Your own productions are on your{" "}
            <Link className="underline" to="/">
              home page
            </Link>{" "}
            and on the{" "}
            <Link className="underline" to="/production-overview">
              production overview
            </Link>
            .
          </p>
        </Card>
      </div>
    );
  }
  return <Dashboard />;
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `dash-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Card className={className}>
      <section aria-labelledby={id} className="flex flex-col gap-3">
        <h2 id={id} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

const muted = "text-sm text-zinc-600 dark:text-zinc-400";

function Dashboard() {
  const fmt = useFormats();
  const queryClient = useQueryClient();
  const dash = useDashboard();
  const retry = useMutation({
    mutationFn: (job: DeadJobDto) => retryJob(job.id),
    onSuccess: (_d, job) =>
      toast.success("Job queued again", { description: `The ${job.type} job gets a fresh set of attempts.` }),
    onError: (err) =>
      toast.error("Job not retried", {
        description: err instanceof ApiError ? err.message : "An unexpected error occurred",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.adminDashboard() }),
  });

  const header = (
    <PageHeader
      title="Admin Dashboard"
      description="The school at a glance: productions, this week's shoots, the notification queue, recent activity and people."
    />
  );
  if (dash.isError) {
    return (
      <div>
        {header}
        <Card role="alert">
          <p className="text-sm text-red-800 dark:text-red-300">{dash.error.message}</p>
        </Card>
      </div>
    );
  }
  const d = dash.data;
  if (!d) {
    return (
      <div>
        {header}
        <div
          role="status"
          aria-label="Loading the dashboard"
          aria-busy="true"
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
        >
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-48" />
          ))}
        </div>
      </div>
    );
  }
  const totalProductions = d.productionsByPhase.reduce((n, p) => n + p.count, 0);
  const maxPhase = Math.max(1, ...d.productionsByPhase.map((p) => p.count));

  return (
    <div>
      {header}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Section title="Productions by phase">
          <p className={muted}>{totalProductions} productions in all.</p>
          <ul className="flex flex-col gap-2">
            {d.productionsByPhase.map((p) => (
              <li key={p.phase} className="grid grid-cols-[8rem_1fr_2.5rem] items-center gap-2 text-sm">
                <Link
                  to={`/production-overview?phase=${p.phase}`}
                  className="text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100"
                >
                  {PHASE_LABELS[p.phase]}
                </Link>
                <span aria-hidden className="h-2 rounded-full bg-zinc-100 dark:bg-zinc-800">
                  <span
                    className="block h-full rounded-full bg-amber-500"
                    style={{ width: `${(p.count * 100) / maxPhase}%` }}
                  />
                </span>
                <span className="text-right font-medium tabular-nums">{p.count}</span>
              </li>
            ))}
          </ul>
        </Section>

        <Section title="Shoots this week">
          <p className={muted}>
            {fmt.date(d.shootsThisWeek.from, { weekday: true, year: false })} to{" "}
            {fmt.date(d.shootsThisWeek.to, { weekday: true, year: false })}:{" "}
            {d.shootsThisWeek.total === 0
              ? "no shoot planned."
              : d.shootsThisWeek.total === 1
                ? "1 production shoots."
                : `${d.shootsThisWeek.total} productions shoot.`}
          </p>
          {d.shootsThisWeek.items.length > 0 && (
            <ul className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
              {d.shootsThisWeek.items.map((s) => (
                <li key={s.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                  <Link
                    to={`/project/${s.id}`}
                    className="font-medium text-zinc-900 hover:underline dark:text-zinc-100"
                  >
                    {s.title}
                  </Link>
                  <span className={muted}>
                    {s.shootStart === s.shootEnd
                      ? fmt.date(s.shootStart, { weekday: true, year: false })
                      : `${fmt.date(s.shootStart, { weekday: true, year: false })} – ${fmt.date(s.shootEnd, { weekday: true, year: false })}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {d.shootsThisWeek.total > d.shootsThisWeek.items.length && (
            <Link to="/production-overview" className="text-sm underline">
              All {d.shootsThisWeek.total} on the production overview's timeline
            </Link>
          )}
        </Section>

        <Section title="Pending approvals">
          {d.pendingApprovals.items.length === 0 ? (
            <p className={muted}>Nothing waits for a decision. {d.pendingApprovals.explanation}</p>
          ) : (
            <ul
              aria-label="Waiting for a decision"
              className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800"
            >
              {d.pendingApprovals.items.map((a) => (
                <li key={a.id} className="flex flex-col py-1.5">
                  <Link to={a.link} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100">
                    {a.kind === "budget" ? "Budget" : "Signature"}: {a.title}
                  </Link>
                  <span className={muted}>{a.detail}</span>
                </li>
              ))}
            </ul>
          )}
          {d.pendingApprovals.total > d.pendingApprovals.items.length && (
            <p className={muted}>
              and {d.pendingApprovals.total - d.pendingApprovals.items.length} more, oldest shown first.
            </p>
          )}
        </Section>

        <Section title="Equipment">
          <dl className="grid grid-cols-3 gap-3 text-center">
            {(
              [
                ["Out now", d.equipment.outNow],
                ["Overdue", d.equipment.overdue],
                ["Pending", d.equipment.pending],
              ] as const
            ).map(([label, n]) => (
              <div
                key={label}
                className={`rounded-md p-3 ${label === "Overdue" && n > 0 ? "bg-red-50 text-red-950 dark:bg-red-950/40 dark:text-red-100" : "bg-zinc-50 dark:bg-zinc-950"}`}
              >
                <dt className="text-xs font-medium uppercase">{label}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{n}</dd>
              </div>
            ))}
          </dl>
          <Link to="/equipment-admin" className="text-sm underline underline-offset-4">
            Open the equipment administration
          </Link>
        </Section>

        <Section title="Notification jobs" className="md:col-span-2">
          <dl className="grid grid-cols-3 gap-3 text-center">
            {(
              [
                ["Queued", d.jobs.pending, "waiting to be sent"],
                ["Running", d.jobs.running, "being sent now"],
                ["Dead", d.jobs.dead, "gave up after every attempt"],
              ] as const
            ).map(([label, n, hint]) => (
              <div
                key={label}
                className={`rounded-md p-3 ${label === "Dead" && n > 0 ? "bg-red-50 text-red-950 dark:bg-red-950/40 dark:text-red-100" : "bg-zinc-50 dark:bg-zinc-950"}`}
              >
                <dt className="text-xs font-medium uppercase">{label}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{n}</dd>
                <dd className="text-xs opacity-80">{hint}</dd>
              </div>
            ))}
          </dl>
          {d.jobs.recentDead.length === 0 ? (
            <p className={muted}>No dead job: every notification was delivered or is still being tried.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="mb-1 text-left text-sm text-zinc-600 dark:text-zinc-400">
                  The latest dead jobs{!d.canRetryJobs && "; an administrator can retry them"}.
                </caption>
                <thead className="text-xs text-zinc-600 uppercase dark:text-zinc-400">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Type
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Attempts
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Last error
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Updated
                    </th>
                    {d.canRetryJobs && (
                      <th scope="col" className="py-2 font-medium">
                        <span className="sr-only">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {d.jobs.recentDead.map((j) => (
                    <tr key={j.id} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                      <td className="py-2 pr-3 font-mono text-xs">{j.type}</td>
                      <td className="py-2 pr-3 tabular-nums">{j.attempts}</td>
                      <td className="max-w-[22rem] py-2 pr-3 break-words text-red-800 dark:text-red-300">
                        {j.lastError ?? "—"}
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">{fmt.dateTime(j.updatedAt)}</td>
                      {d.canRetryJobs && (
                        <td className="py-1 text-right">
                          <Button
                            variant="secondary"
                            busy={retry.isPending && retry.variables?.id === j.id}
                            onClick={() => retry.mutate(j)}
                            aria-label={`Retry the ${j.type} job`}
                          >
                            <RotateCcw aria-hidden className="size-4" />
                            Retry
                          </Button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Section>

        <Section title="People by role">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-zinc-600 uppercase dark:text-zinc-400">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Role
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Active
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Deactivated
                </th>
              </tr>
            </thead>
            <tbody>
              {d.people.map((p) => (
                <tr key={p.role} className="border-t border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="py-1.5 font-normal">
                    {ROLE_LABELS[p.role]}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{p.active}</td>
                  <td className="py-1.5 text-right tabular-nums">{p.deactivated}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>

        <Section title="Recent activity" className="md:col-span-2 xl:col-span-3">
          {d.recentActivity.length === 0 ? (
            <p className={muted}>Nothing has happened yet.</p>
          ) : (
            <ol className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
              {d.recentActivity.map((a) => (
                <li
                  key={`${a.source}-${a.id}`}
                  className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4"
                >
                  <span className="text-zinc-900 dark:text-zinc-100">
                    {a.projectId ? (
                      <>
                        <Link to={`/project/${a.projectId}`} className="font-medium hover:underline">
                          {a.projectTitle}
                        </Link>
                        : {a.summary}
                      </>
                    ) : (
                      a.summary
                    )}
                  </span>
                  <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                    {a.source === "audit" ? "Audit log · " : ""}
                    {fmt.dateTime(a.createdAt)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>
    </div>
  );
}
