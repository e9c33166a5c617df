import { ROLE_LABELS } from "../../../common/roles.ts";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { firstName, useProfile } from "../../lib/profile.ts";
import { useReadyInSlices } from "../../lib/ready.ts";
import { useUnreadNotifications } from "../inbox/api.ts";
import { UNREAD_SHOWN } from "./HomeWidgets.tsx";
import { useMyProjects } from "./my-projects.ts";
import { HOME_SECTIONS } from "./sections.ts";

export default function HomePage() {
  const { data: profile } = useProfile();
  // The sections' lists are asked for beside the profile instead of once it has come, and the page is drawn
  // when all three have answered (or failed: a section shows its own error): drawn section by section, each
  // list pushed the ones below it down as it arrived, a layout shift of 0.3 on a phone.
  const mine = useMyProjects();
  const unread = useUnreadNotifications(UNREAD_SHOWN);

  const ready = useReadyInSlices(!!profile && !mine.isPending && !unread.isPending);

  // A failed first load is thrown to the route's error screen by the query client; only loading lands here.
  if (!profile || !ready) {
    return (
      <div role="status" aria-label="Loading your home page" aria-busy="true" className="flex flex-col gap-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-40" />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title={`Welcome, ${firstName(profile.fullName)}`}
        description={
          <>
            Signed in as {profile.email} ·{" "}
            <span className="font-medium text-zinc-800 dark:text-zinc-200">{ROLE_LABELS[profile.role]}</span>
          </>
        }
      />
      <div className="flex flex-col gap-8">
        {HOME_SECTIONS.map(({ id, Component }) => (
          <Component key={id} profile={profile} />
        ))}
      </div>
    </div>
  );
}
