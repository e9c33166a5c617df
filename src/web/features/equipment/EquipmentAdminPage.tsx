import { Link, useSearchParams } from "react-router";
import { Card } from "../../components/ui/Card.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { useAuth } from "../auth/AuthProvider.tsx";
import { mayOpen } from "../../app/pages.ts";
import { useSummary } from "./api.ts";
import { Calendar } from "./admin/Calendar.tsx";
import { Desk } from "./admin/Desk.tsx";
import { Inventory } from "./admin/Inventory.tsx";
import { Kits } from "./admin/Kits.tsx";
import { Levels } from "./admin/Levels.tsx";
import { People } from "./admin/People.tsx";
import { Requests } from "./admin/Requests.tsx";
import { Windows } from "./admin/Windows.tsx";
import { FairShare } from "./admin/FairShare.tsx";
import { ModelTimelines } from "./admin/ModelTimeline.tsx";

const TABS = [
  "requests",
  "windows",
  "desk",
  "inventory",
  "kits",
  "levels",
  "people",
  "calendar",
  "models",
  "fair-share",
] as const;

/** The equipment office's page: the queue of requests, the desk, the inventory and who is trained on what. */
export default function EquipmentAdminPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get("tab") ?? "") ? params.get("tab")! : "requests";
  if (!mayOpen("/equipment-admin", user?.role)) {
    return (
      <div>
        <PageHeader title="Equipment Administration" />
        <Card role="alert">
          The equipment administration is for the equipment office. To reserve gear for your production, open{" "}
          <Link to="/equipment" className="underline underline-offset-4">
            the equipment catalogue
          </Link>
          .
        </Card>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Equipment Administration"
        description="Confirm requests, hand gear out and take it back at the desk, and keep the inventory and certifications up to date."
      />
      <Summary />
      <Tabs
        label="Equipment administration"
        inAddress
        selected={tab}
        onSelect={(id) => setParams({ tab: id }, { replace: true })}
        tabs={[
          { id: "requests", label: "Requests", content: <Requests /> },
          { id: "windows", label: "Request windows", content: <Windows /> },
          { id: "desk", label: "Desk", content: <Desk /> },
          { id: "inventory", label: "Inventory", content: <Inventory /> },
          { id: "kits", label: "Kits", content: <Kits /> },
          { id: "levels", label: "Access levels", content: <Levels /> },
          { id: "people", label: "Certifications & strikes", content: <People /> },
          { id: "calendar", label: "Calendar", content: <Calendar /> },
          { id: "models", label: "By model", content: <ModelTimelines /> },
          { id: "fair-share", label: "Fair share", content: <FairShare /> },
        ]}
      />
    </div>
  );
}

function Summary() {
  const { data } = useSummary();
  const tiles = [
    { label: "Requests waiting", value: data?.pending },
    { label: "Out now", value: data?.outNow },
    { label: "Overdue", value: data?.overdue },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {tiles.map((t) => (
        <div
          key={t.label}
          className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t.label}</dt>
          <dd className="text-2xl font-semibold">{t.value ?? "…"}</dd>
        </div>
      ))}
    </dl>
  );
}
