import { ContactsSection } from "../production-contacts/ContactsSection.tsx";
import { ArrowLeft, Eye } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { PROJECT_TYPE_LABELS } from "../../../common/projects.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { isNotFound, NotFoundState } from "../../components/NotFoundState.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { useReadyInSlices } from "../../lib/ready.ts";
import { Tabs, type Tab } from "../../components/ui/Tabs.tsx";
import { Activity } from "./detail/Activity.tsx";
import { Crew } from "./detail/Crew.tsx";
import { Archival, Interviews, Participants } from "./detail/Documentary.tsx";
import { Greenlight } from "./detail/Greenlight.tsx";
import { Milestones } from "./detail/Milestones.tsx";
import { Overview } from "./detail/Overview.tsx";
import { PhaseSection } from "./detail/PhaseSection.tsx";
import { Places } from "./detail/Places.tsx";
import { PhaseBadge } from "./shared.tsx";
import { useProject } from "./api.ts";

// The tabs with code of their own (the budget sheet, the stripboard, the breakdown, the documents) are fetched
// when opened, not with every project page: the overview downloaded and ran them all. The tab in the address
// of a first load has its code named in the page's HTML (pages.ts `tabs`), so it comes with the page's own.
const BreakdownTab = lazy(() => import("../screenplays/BreakdownTab.tsx").then((m) => ({ default: m.BreakdownTab })));
const ScheduleTab = lazy(() => import("../schedule/ScheduleTab.tsx").then((m) => ({ default: m.ScheduleTab })));
const ShotsTab = lazy(() => import("../shots/ShotsTab.tsx").then((m) => ({ default: m.ShotsTab })));
const BudgetTab = lazy(() => import("../budgets/BudgetTab.tsx").then((m) => ({ default: m.BudgetTab })));
const SafetyTab = lazy(() => import("../safety/SafetyTab.tsx").then((m) => ({ default: m.SafetyTab })));
const DeliveryTab = lazy(() => import("../delivery/DeliveryTab.tsx").then((m) => ({ default: m.DeliveryTab })));
const InsuranceTab = lazy(() => import("../insurance/InsuranceTab.tsx").then((m) => ({ default: m.InsuranceTab })));
const PostTab = lazy(() => import("../review/PostTab.tsx").then((m) => ({ default: m.PostTab })));
const DocumentsTab = lazy(() => import("../documents/DocumentsTab.tsx").then((m) => ({ default: m.DocumentsTab })));

const later = (tab: ReactNode) => (
  <Suspense
    fallback={
      <div role="status" aria-label="Loading the tab" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    }
  >
    {tab}
  </Suspense>
);

export default function ProjectPage() {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const project = useProject(id);
  const ready = useReadyInSlices(!project.isPending);

  if (project.isPending || !ready) {
    return (
      <div role="status" aria-label="Loading the project" aria-busy="true" className="flex flex-col gap-4">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-4 w-96 max-w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (project.isError) {
    if (isNotFound(project.error)) return <NotFoundState message={project.error.message} />;
    return (
      <div>
        <h1 className="mb-4 text-2xl font-semibold tracking-tight">Project</h1>
        <LoadError what="The project" error={project.error} onRetry={() => void project.refetch()} />
      </div>
    );
  }

  const p = project.data;
  const tabs: Tab[] = [
    {
      id: "overview",
      label: "Overview",
      content: (
        <div className="flex flex-col gap-8">
          <Overview project={p} />
          <Places project={p} />
        </div>
      ),
    },
    { id: "crew", label: `Crew (${p.members.length})`, content: <Crew project={p} /> },
    { id: "milestones", label: "Milestones", content: <Milestones project={p} /> },
    // The production's outside contacts: read by those who see its people's contact details (issue 20).
    ...(p.canEdit ? [{ id: "contacts", label: "Contacts", content: <ContactsSection projectId={p.id} /> }] : []),
    // In the order a production works through them: break the script down, schedule it, budget it, get greenlit.
    { id: "breakdown", label: "Breakdown", content: later(<BreakdownTab project={p} />) },
    { id: "schedule", label: "Schedule", content: later(<ScheduleTab projectId={p.id} />) },
    { id: "shots", label: "Shots", content: later(<ShotsTab project={p} />) },
    { id: "budget", label: "Budget", content: later(<BudgetTab projectId={p.id} />) },
    { id: "safety", label: "Safety", content: later(<SafetyTab project={p} />) },
    { id: "greenlight", label: "Greenlight", content: <Greenlight project={p} /> },
    { id: "phase", label: "Phase", content: <PhaseSection project={p} /> },
    ...(p.canEdit ? [{ id: "documents", label: "Documents", content: later(<DocumentsTab project={p} />) }] : []),
    // After the shoot: what the film delivers, the teacher's sign-off and the archive (the crew, staff and admins).
    // The edit's cuts and their review: everyone who reads the project watches; the crew upload.
    { id: "post", label: "Post", content: later(<PostTab project={p} />) },
    ...(p.canEdit ? [{ id: "delivery", label: "Delivery", content: later(<DeliveryTab project={p} />) }] : []),
    // The insurance office and the endorsing teacher arrive here from their notice without being on the crew.
    ...(p.canEdit || params.get("tab") === "insurance"
      ? [{ id: "insurance", label: "Insurance", content: later(<InsuranceTab projectId={p.id} />) }]
      : []),
    ...(p.documentary
      ? [
          { id: "participants", label: "Participants", content: <Participants project={p} /> },
          { id: "interviews", label: "Interviews", content: <Interviews project={p} /> },
          { id: "archival", label: "Archival sources", content: <Archival project={p} /> },
        ]
      : []),
    { id: "activity", label: "Activity", content: <Activity project={p} /> },
  ];
  const selected = params.get("tab") ?? "overview";

  return (
    <div>
      <Link
        to={p.type === "documentary" ? "/projects/documentary" : "/projects"}
        className="mb-3 inline-flex min-h-10 items-center gap-1 text-sm text-zinc-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-amber-500 dark:text-zinc-400"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {p.type === "documentary" ? "Documentary Projects" : "Projects"}
      </Link>
      <header className="mb-6 flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900 dark:text-zinc-50">{p.title}</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
          <PhaseBadge phase={p.phase} />
          <span>{PROJECT_TYPE_LABELS[p.type]}</span>
          <span>
            {p.course || "No course"} · {p.academicYear}
          </span>
          <span>Supervisor: {p.supervisor?.name ?? "not chosen yet"}</span>
        </div>
        {!p.canEdit && (
          <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
            <Eye aria-hidden className="size-4" />
            You are reading this project. Its crew, staff and admins can change it.
          </p>
        )}
      </header>
      <div className="[&_[role=tab]]:shrink-0 [&_[role=tab]]:whitespace-nowrap [&_[role=tablist]]:overflow-x-auto">
        <Tabs
          label="Project sections"
          inAddress
          selected={selected}
          onSelect={(tab) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                if (tab === "overview") next.delete("tab");
                else next.set("tab", tab);
                return next;
              },
              { replace: true },
            )
          }
          tabs={tabs}
        />
      </div>
    </div>
  );
}
