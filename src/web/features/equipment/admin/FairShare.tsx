import { LoadError } from "../../../components/LoadError.tsx";
import { Skeleton } from "../../../components/ui/Skeleton.tsx";
import { FairShareForm } from "../FairShareForm.tsx";
import { useFairShareList } from "../fair-api.ts";

/** Every course's fair share of the stores; a course's teachers set theirs on the course's page too. */
export function FairShare() {
  const list = useFairShareList();
  if (list.isError)
    return <LoadError what="The courses' limits" error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton className="h-64" />;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        A booking that would pass its course's limit is refused with the limit named. Requested, approved and
        checked-out reservations count; a day counts when any part of it is booked, in the ISO week (Monday to Sunday,
        UTC).
      </p>
      <ul className="flex flex-col gap-3">
        {list.data.map((share) => (
          <li
            key={share.course.id}
            className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <p className="mb-2 font-medium">
              {share.course.code} · {share.course.title}{" "}
              <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">{share.course.term}</span>
            </p>
            <FairShareForm share={share} />
          </li>
        ))}
      </ul>
    </div>
  );
}
