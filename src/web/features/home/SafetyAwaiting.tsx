import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { isStaff } from "../../../common/roles.ts";
import { useFormats } from "../../lib/format.ts";
import { useAwaiting } from "../safety/api.ts";
import type { HomeSectionProps } from "./home-section.ts";

/**
 * The hazard paperwork waiting for this person's decision, across the school: shown to staff and administrators
 * only when something waits, so a quiet week adds nothing to the page.
 */
export function SafetyAwaitingSection({ profile }: HomeSectionProps) {
  const staff = isStaff(profile.role);
  const awaiting = useAwaiting(staff);
  const f = useFormats();
  const items = awaiting.data?.items ?? [];
  if (!staff || items.length === 0) return null;
  return (
    <section aria-labelledby="home-safety" className="flex flex-col gap-2">
      <h2 id="home-safety" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldAlert aria-hidden className="size-5" />
        Safety approvals awaiting you
      </h2>
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {items.slice(0, 8).map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
            <Link
              className="min-w-0 flex-1 font-medium underline-offset-4 hover:underline"
              to={`/project/${i.projectId}?tab=safety`}
            >
              {i.label} · {i.projectTitle}, scene {i.sceneNumber}
            </Link>
            <span className="text-zinc-600 dark:text-zinc-400">
              {i.dueDate ? `Due ${f.date(i.dueDate)}` : "Not scheduled yet"}
            </span>
          </li>
        ))}
      </ul>
      {items.length > 8 && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          And {items.length - 8} more on their projects' Safety tabs.
        </p>
      )}
    </section>
  );
}
