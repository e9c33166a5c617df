import { MapPin, Phone } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import type { TodayDay } from "../../../common/daily-reports.ts";
import { Brand } from "../../components/Brand.tsx";
import { LoadError } from "../../components/LoadError.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { ApiError } from "../../lib/api.ts";
import { useFormats, type Formats } from "../../lib/format.ts";
import { signInLink } from "../../lib/next.ts";
import { useToday } from "./api.ts";
import { ReportEditor } from "./ReportEditor.tsx";

/**
 * /today — the day on set, on a phone: for each production the person is on, the call sheet of today (or the
 * next shoot day) and the report of the day. A page of its own, without the portal's frame, so that it opens
 * without signal from what the phone kept: the service worker keeps the page's code, local storage its data.
 */
export default function TodayPage() {
  const fmt = useFormats();
  const today = useToday();
  const t = today.data;
  const signedOut = today.error instanceof ApiError && today.error.status === 401;
  useEffect(() => {
    // Only here: a browser that never opens Today runs no worker (the built app only; development has none).
    if (import.meta.env.PROD && "serviceWorker" in navigator)
      navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  }, []);

  return (
    <div className="mx-auto flex min-h-dvh max-w-2xl flex-col gap-4 px-4 py-4">
      <header className="flex items-center justify-between gap-2">
        <Link to="/" aria-label="The Portal, home">
          <Brand />
        </Link>
        <h1 className="text-xl font-semibold tracking-tight">Today</h1>
      </header>
      {today.offline && t && (
        <p
          role="status"
          className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
        >
          Offline: showing the call sheet as of {fmt.dateTime(t.asOf)}. What you write in a report is kept on this phone
          and sent when the signal returns.
        </p>
      )}
      {signedOut ? (
        <Card>
          <p>
            <Link className="underline underline-offset-4" to={signInLink("/today")}>
              Sign in
            </Link>{" "}
            to see your shoot days.
          </p>
        </Card>
      ) : t ? (
        t.days.length === 0 ? (
          <Card>
            <p>No shoot day ahead on the productions you are on. Shoot days are planned on a project's Schedule tab.</p>
          </Card>
        ) : (
          t.days.map((d) => <DayCard key={d.dayId} day={d} fmt={fmt} />)
        )
      ) : today.isError ? (
        <LoadError what="your shoot days" error={today.error} onRetry={() => void today.refetch()} />
      ) : (
        <Skeleton className="h-96" />
      )}
    </div>
  );
}

const KIND_TEXT: Record<TodayDay["kind"], string> = {
  today: "Shooting today",
  next: "Next shoot day",
  report: "Report still to sign",
};

function DayCard({ day: d, fmt }: { day: TodayDay; fmt: Formats }) {
  return (
    <Card className="flex flex-col gap-4" aria-label={`${d.projectTitle}, day ${d.dayNumber}`}>
      <div>
        <p className="text-xs font-medium tracking-wide text-amber-700 uppercase dark:text-amber-400">
          {KIND_TEXT[d.kind]}
        </p>
        <h2 className="text-lg font-semibold">{d.projectTitle}</h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {fmt.date(d.date, { style: "long", weekday: true })}, day {d.dayNumber} of {d.dayCount}
        </p>
      </div>
      {d.kind !== "report" && (
        <>
          <dl className="grid grid-cols-2 gap-2">
            <div className="rounded-md bg-zinc-100 p-3 dark:bg-zinc-800">
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">Your call</dt>
              <dd className="text-2xl font-semibold">{fmt.time(d.myCall)}</dd>
            </div>
            <div className="rounded-md bg-zinc-100 p-3 dark:bg-zinc-800">
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">General call</dt>
              <dd className="text-2xl font-semibold">{fmt.time(d.generalCall)}</dd>
            </div>
          </dl>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">Location</dt>
            <dd>
              {d.location || "To be announced"}
              {d.address && <span className="block text-zinc-700 dark:text-zinc-300">{d.address}</span>}
              {d.mapUrl && (
                <a
                  className="mt-1 inline-flex items-center gap-1 underline underline-offset-4"
                  href={d.mapUrl}
                  target="_blank"
                  rel="noreferrer"
                >
                  <MapPin aria-hidden className="size-4" /> Open the map
                </a>
              )}
            </dd>
            {d.weather && (
              <>
                <dt className="font-medium">Weather</dt>
                <dd>{d.weather}</dd>
              </>
            )}
            <dt className="font-medium">Nearest hospital</dt>
            <dd>{d.hospital || "Not given on the call sheet"}</dd>
          </dl>
          <div>
            <h3 className="mb-1 text-base font-semibold">Scenes</h3>
            <ul className="flex flex-col divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
              {d.scenes.map((s) => (
                <li key={s.number} className="py-2">
                  <span className="font-medium">
                    {s.number}. {s.heading}
                  </span>{" "}
                  <span className="text-zinc-600 dark:text-zinc-400">({s.pages})</span>
                  {s.cast.length > 0 && (
                    <span className="block text-zinc-700 dark:text-zinc-300">{s.cast.join(", ")}</span>
                  )}
                </li>
              ))}
              {d.scenes.length === 0 && <li className="py-2">No scenes scheduled yet.</li>}
            </ul>
          </div>
          {d.contacts.length > 0 && (
            <div>
              <h3 className="mb-1 text-base font-semibold">Contacts</h3>
              <ul className="flex flex-col gap-2 text-sm">
                {d.contacts.map((c) => (
                  <li key={`${c.role}${c.email}`}>
                    <span className="font-medium">{c.role}:</span> {c.name}
                    {c.phone && (
                      <a
                        className="ml-2 inline-flex items-center gap-1 underline underline-offset-4"
                        href={`tel:${c.phone}`}
                      >
                        <Phone aria-hidden className="size-4" /> {c.phone}
                      </a>
                    )}
                    {c.email && (
                      <a className="ml-2 underline underline-offset-4" href={`mailto:${c.email}`}>
                        {c.email}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {d.notes && (
            <div>
              <h3 className="mb-1 text-base font-semibold">Notes</h3>
              <p className="text-sm whitespace-pre-line">{d.notes}</p>
            </div>
          )}
        </>
      )}
      {d.report && <ReportEditor report={d.report} />}
    </Card>
  );
}
