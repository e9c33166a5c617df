import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Formats } from "../../lib/format.ts";
import { toast } from "sonner";
import type { ZodType } from "zod";
import type { PersonRef, ProjectDetail, ProjectListItem, Page } from "../../../common/project-api.ts";
import type { PersonDto } from "../../../common/users.ts";
import { PHASE_LABELS, type ConsentStatus, type InterviewStatus, type LicenceStatus, type Phase } from "../../../common/projects.ts";
import { api, ApiError, errorText } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";

export const PAGE_SIZE = 25;

export const failed = (title: string) => (err: unknown) => toast.error(title, { description: errorText(err) });

/** The first problem zod finds, worded for people, or null when the input is good. */
export function firstProblem(schema: ZodType, value: unknown): { message: string; path: string } | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { message: issue?.message ?? "Check the form.", path: String(issue?.path[0] ?? "") };
}

export const CONSENT_LABELS: Record<ConsentStatus, string> = { pending: "Pending", signed: "Signed", declined: "Declined", not_needed: "Not needed" };
export const INTERVIEW_LABELS: Record<InterviewStatus, string> = { planned: "Planned", confirmed: "Confirmed", done: "Done", cancelled: "Cancelled" };
export const LICENCE_LABELS: Record<LicenceStatus, string> = {
  unknown: "Unknown",
  requested: "Requested",
  licensed: "Licensed",
  public_domain: "Public domain",
  refused: "Refused",
};

const PHASE_STYLES: Record<Phase, string> = {
  development: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  pre_production: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
  production: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
  post_production: "bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-200",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
};

export function PhaseBadge({ phase, className }: { phase: Phase; className?: string }) {
  return <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", PHASE_STYLES[phase], className)}>{PHASE_LABELS[phase]}</span>;
}

export function Badge({ tone = "neutral", children }: { tone?: "neutral" | "warn" | "bad" | "good"; children: React.ReactNode }) {
  const tones = {
    neutral: "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
    warn: "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-200",
    bad: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
    good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  };
  return <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", tones[tone])}>{children}</span>;
}


export function shootDates(fmt: Formats, start: string | null, end: string | null): string {
  if (!start) return "Not planned yet";
  if (!end || end === start) return fmt.date(start);
  return `${fmt.date(start)} – ${fmt.date(end)}`;
}

/** The academic year that a date falls in; a new year starts in September. */
export function academicYearOf(date = new Date()): string {
  const y = date.getMonth() >= 8 ? date.getFullYear() : date.getFullYear() - 1;
  return `${y}/${String((y + 1) % 100).padStart(2, "0")}`;
}

export const projectPath = (id: string) => `/rest/v1/projects/${encodeURIComponent(id)}`;

export function useProject(id: string) {
  return useQuery({
    queryKey: ["project", id],
    queryFn: ({ signal }) => api<ProjectDetail>(projectPath(id), { signal }),
    // The page says itself that a project is missing, with a way back, instead of the route's error screen.
    throwOnError: false,
    // A missing or forbidden project will not appear by asking again.
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
  });
}

/**
 * A change to one project: the server answers with the whole project, which replaces the cached one,
 * and the lists are refreshed because titles, phases and counts show there too.
 */
export function useProjectChange<V>(
  id: string,
  fn: (v: V) => Promise<ProjectDetail>,
  opts: { success: (v: V, p: ProjectDetail) => [string, string?]; failure: string; onSuccess?: (p: ProjectDetail, v: V) => void; onError?: (err: unknown, v: V) => boolean | void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (p, v) => {
      queryClient.setQueryData(["project", id], p);
      void queryClient.invalidateQueries({ queryKey: ["projects"] });
      void queryClient.invalidateQueries({ queryKey: ["projects-documentary"] });
      void queryClient.invalidateQueries({ queryKey: ["project", id, "activity"] });
      const [title, description] = opts.success(v, p);
      toast.success(title, description ? { description } : undefined);
      opts.onSuccess?.(p, v);
    },
    onError: (err, v) => {
      if (opts.onError?.(err, v) === true) return;
      failed(opts.failure)(err);
    },
  });
}

/** Who can supervise: the school's active staff and admins, from the directory everyone may search. */
export function useSupervisors(): PersonRef[] {
  const directory = useQuery({
    queryKey: ["people", "supervisors"],
    queryFn: ({ signal }) => api<{ items: PersonDto[] }>("/rest/v1/people?role=staff,admin&limit=50", { signal }),
    staleTime: 60_000,
    // Only the filters' and forms' choices: without them the page still works, so it never fails for them.
    throwOnError: false,
  });
  return (directory.data?.items ?? []).map((p) => ({ id: p.id, name: p.fullName }));
}

/** Courses and academic years named on a recent page of projects, for the filters. */
export function useFacets() {
  const recent = useQuery({
    queryKey: ["projects", "facets"],
    queryFn: ({ signal }) => api<Page<ProjectListItem>>("/rest/v1/projects?limit=100&sort=updated", { signal }),
    staleTime: 60_000,
    // Suggestions for the filters only, like the supervisors above.
    throwOnError: false,
  });
  const items = recent.data?.items ?? [];
  const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))].sort((a, b) => a.localeCompare(b));
  return { courses: uniq(items.map((p) => p.course)), years: uniq(items.map((p) => p.academicYear)).reverse() };
}
