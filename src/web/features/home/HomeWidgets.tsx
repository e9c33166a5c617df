import { AlertTriangle, Bell, CalendarClock, Clapperboard, Flag, FolderOpen } from "lucide-react";
import { useFormats } from "../../lib/format.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PHASE_LABELS, PROJECT_TYPE_LABELS } from "../../../common/projects.ts";
import type { ProjectListItem } from "../../../common/project-api.ts";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { cn } from "../../lib/cn.ts";
import { useUnreadNotifications } from "../inbox/api.ts";
import { setBellOpen } from "../inbox/bell-state.ts";
import { NotificationRow } from "../inbox/NotificationRow.tsx";
import { agendaOf, localToday, useMyProjects, type AgendaEntry } from "./my-projects.ts";
import type { HomeSectionProps } from "./home-section.ts";
import { LoadError } from "../../components/LoadError.tsx";

const PROJECTS_SHOWN = 6;
const AGENDA_SHOWN = 8;
export const UNREAD_SHOWN = 5;

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500";
const linkClass = cn(
  "rounded-sm text-sm font-medium text-zinc-900 underline underline-offset-4 hover:text-zinc-600 dark:text-zinc-100 dark:hover:text-zinc-300",
  focusRing,
);
const panel = "rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900";

function Frame({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col">
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Empty({ icon: Icon, title, children }: { icon: typeof Bell; title: string; children: ReactNode }) {
  return (
    <div className={cn(panel, "flex flex-col items-start gap-2 p-5")}>
      <Icon aria-hidden className="size-6 text-amber-700 dark:text-amber-400" />
      <p className="font-medium text-zinc-900 dark:text-zinc-100">{title}</p>
      <div className="text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
    </div>
  );
}

const Loading = ({ label, rows, className }: { label: string; rows: number; className?: string }) => (
  <div role="status" aria-label={label} className={cn("grid gap-3", className)}>
    {Array.from({ length: rows }, (_, i) => (
      <Skeleton key={i} className="h-24" />
    ))}
  </div>
);

export function MyProjectsSection({ profile }: HomeSectionProps) {
  const mine = useMyProjects();
  const total = mine.data?.total ?? 0;
  return (
    <Frame
      id="home-my-projects"
      title="My Projects"
      action={
        total > 0 && (
          <Link to="/projects?mine=true" className={linkClass}>
            {total > PROJECTS_SHOWN ? `All ${total} of my projects` : "Open in Projects"}
          </Link>
        )
      }
    >
      {mine.isPending ? (
        <Loading label="Loading your projects" rows={3} className="sm:grid-cols-2 lg:grid-cols-3" />
      ) : mine.isError ? (
        <LoadError what="Your projects" error={mine.error} onRetry={() => void mine.refetch()} />
      ) : total === 0 ? (
        <Empty icon={FolderOpen} title="You are not on a project yet">
          {profile.role === "student" ? (
            <p>
              Create one for your course in{" "}
              <Link to="/projects" className={linkClass}>
                Projects
              </Link>
              , or ask the producer of a production to add you to its crew: it appears here, and the bell tells you.
            </p>
          ) : (
            <p>
              Projects list you here once you are on their crew or supervise them. Every production of the school is on
              the{" "}
              <Link to="/production-overview" className={linkClass}>
                Production Overview
              </Link>
              .
            </p>
          )}
        </Empty>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {mine.data.items.slice(0, PROJECTS_SHOWN).map((p) => (
            <li key={p.id} className="flex">
              <ProjectCard project={p} />
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

function ProjectCard({ project: p }: { project: ProjectListItem }) {
  const fmt = useFormats();
  const m = p.nextMilestone;
  return (
    <Link
      to={`/project/${p.id}`}
      className={cn(
        panel,
        "group flex w-full flex-col gap-2 p-4 transition-colors hover:border-zinc-400 dark:hover:border-zinc-600",
        focusRing,
      )}
    >
      <span className="font-medium text-zinc-900 group-hover:underline dark:text-zinc-50">{p.title}</span>
      <span className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 font-medium text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
          {PHASE_LABELS[p.phase]}
        </span>
        {PROJECT_TYPE_LABELS[p.type]}
        {p.course && ` · ${p.course}`}
      </span>
      <span
        className={cn(
          "mt-auto flex items-start gap-1.5 pt-1 text-sm",
          m?.overdue ? "text-red-700 dark:text-red-400" : "text-zinc-700 dark:text-zinc-300",
        )}
      >
        {m ? (
          <>
            {m.overdue ? (
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            ) : (
              <Flag aria-hidden className="mt-0.5 size-4 shrink-0" />
            )}
            <span>
              {m.overdue ? "Overdue: " : "Next: "}
              {m.title} · {fmt.date(m.dueDate, { weekday: true, year: false })}
            </span>
          </>
        ) : (
          <span className="text-zinc-600 dark:text-zinc-400">
            {p.phase === "completed" ? "Completed" : "No open milestones"}
          </span>
        )}
      </span>
    </Link>
  );
}

export function UpcomingSection(props: HomeSectionProps) {
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <AgendaSection {...props} />
      <UnreadSection />
    </div>
  );
}

function AgendaSection({ profile }: HomeSectionProps) {
  const mine = useMyProjects();
  const today = localToday();
  const entries = mine.data ? agendaOf(mine.data.items, today) : [];
  return (
    <Frame id="home-agenda" title="Next Milestones and Shoots">
      {mine.isPending ? (
        <Loading label="Loading your milestones and shoots" rows={2} />
      ) : mine.isError ? (
        <LoadError what="Your milestones and shoots" error={mine.error} onRetry={() => void mine.refetch()} />
      ) : entries.length === 0 ? (
        <Empty icon={CalendarClock} title={mine.data.total === 0 ? "Nothing planned for you yet" : "Nothing coming up"}>
          <p>
            {mine.data.total === 0
              ? profile.role === "student"
                ? "Once you are on a crew, its next milestone and its shoot dates are listed here, soonest first."
                : "The milestones and shoots of the crews you are on are listed here; every production's shoots are on the Production Overview's timeline."
              : "Your productions have no open milestones and no shoot ahead. Add milestones and plan the shoot on the project's page so the crew sees what is next."}
          </p>
        </Empty>
      ) : (
        <>
          <ol className={cn(panel, "divide-y divide-zinc-100 dark:divide-zinc-800")}>
            {entries.slice(0, AGENDA_SHOWN).map((e) => (
              <li key={e.key}>
                <AgendaRow entry={e} today={today} />
              </li>
            ))}
          </ol>
          <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
            The next open milestone of each of your productions, and their shoots to come.
          </p>
        </>
      )}
    </Frame>
  );
}

function AgendaRow({ entry: e, today }: { entry: AgendaEntry; today: string }) {
  const fmt = useFormats();
  const Icon = e.overdue ? AlertTriangle : e.kind === "shoot" ? Clapperboard : Flag;
  const when =
    e.kind === "shoot" && e.end && e.end !== e.date
      ? `${fmt.date(e.date, { weekday: true, year: false })} – ${fmt.date(e.end, { weekday: true, year: false })}`
      : fmt.date(e.date, { weekday: true, year: false });
  const status = e.overdue ? "Overdue" : e.ongoing ? "Shooting now" : e.date === today ? "Today" : null;
  return (
    <Link
      to={`/project/${e.project.id}`}
      className={cn(
        "flex items-start gap-3 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-800/60",
        e.overdue && "bg-red-50 dark:bg-red-950/30",
        "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-amber-500",
      )}
    >
      <Icon
        aria-hidden
        className={cn(
          "mt-0.5 size-4 shrink-0",
          e.overdue ? "text-red-700 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400",
        )}
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-medium text-zinc-900 dark:text-zinc-50">
          {e.kind === "shoot" ? "Shoot" : e.title}
          <span className="font-normal text-zinc-600 dark:text-zinc-400"> · {e.project.title}</span>
        </span>
        <span
          className={cn(
            "text-xs",
            e.overdue ? "font-medium text-red-800 dark:text-red-300" : "text-zinc-600 dark:text-zinc-400",
          )}
        >
          {e.kind === "shoot" ? "Shoot days " : "Due "}
          {when}
        </span>
      </span>
      {status && (
        <span
          className={cn(
            "shrink-0 rounded-full px-2 py-0.5 text-xs font-medium",
            e.overdue
              ? "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200"
              : "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
          )}
        >
          {status}
        </span>
      )}
    </Link>
  );
}

function UnreadSection() {
  const unread = useUnreadNotifications(UNREAD_SHOWN);
  const total = unread.data?.unread ?? 0;
  return (
    <Frame
      id="home-unread"
      title="Unread Notifications"
      action={
        <button type="button" onClick={() => setBellOpen(true)} className={linkClass}>
          {total > UNREAD_SHOWN ? `All ${total} unread` : "Open notifications"}
        </button>
      }
    >
      {unread.isPending ? (
        <Loading label="Loading your notifications" rows={2} />
      ) : unread.isError ? (
        <LoadError what="Your notifications" error={unread.error} onRetry={() => void unread.refetch()} />
      ) : unread.data.items.length === 0 ? (
        <Empty icon={Bell} title="You are up to date">
          <p>
            New notifications arrive here and on the bell at the top: being added to a crew, a production of yours
            changing phase, a milestone due within two days. Which of them also come by e-mail is up to you in{" "}
            <Link to="/settings#settings-notifications" className={linkClass}>
              Settings
            </Link>
            .
          </p>
        </Empty>
      ) : (
        <ul className={cn(panel, "divide-y divide-zinc-100 overflow-hidden dark:divide-zinc-800")}>
          {unread.data.items.map((n) => (
            <li key={n.id}>
              <NotificationRow n={n} compact />
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}
