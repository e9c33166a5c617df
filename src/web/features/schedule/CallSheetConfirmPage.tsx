import { CheckCircle2 } from "lucide-react";
import { useParams, useSearchParams } from "react-router";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { useFormats } from "../../lib/format.ts";
import { useCallSheetConfirmation } from "./api.ts";
import { SiteFacts } from "./SiteFacts.tsx";

/**
 * /call-sheet-confirm/:recipientId?token=… — the e-mailed link. It works without signing in (the token
 * is the proof, DESIGN §5), so a crew member confirms from a phone in one tap.
 */
export default function CallSheetConfirmPage() {
  const fmt = useFormats();
  const { recipientId = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { view, confirm } = useCallSheetConfirmation(recipientId, token);
  const v = view.data;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">Call sheet</h1>
      {view.isPending ? (
        <Skeleton className="h-64" />
      ) : view.isError ? (
        <Card role="alert">
          <h2 className="mb-1 text-lg font-semibold">This link does not work</h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{view.error.message}</p>
        </Card>
      ) : (
        v && (
          <Card className="flex flex-col gap-4">
            <div>
              <h2 className="text-lg font-semibold">
                {v.projectTitle}: day {v.dayNumber}
              </h2>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">For {v.name}</p>
            </div>
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium">Date</dt>
              <dd>{fmt.date(v.date, { style: "long", weekday: true })}</dd>
              <dt className="font-medium">Your call</dt>
              <dd className="font-semibold">{fmt.time(v.personalCall)}</dd>
              <dt className="font-medium">Crew call</dt>
              <dd>{fmt.time(v.generalCall)}</dd>
              <dt className="font-medium">Location</dt>
              <dd>
                {v.location || (v.address ? "" : "To be announced")}
                {v.location && v.address && <br />}
                {v.address && v.mapUrl && (
                  <a href={v.mapUrl} target="_blank" rel="noreferrer" className="underline underline-offset-4">
                    {v.address} <span className="sr-only">(map, opens in a new tab)</span>
                  </a>
                )}
              </dd>
              <SiteFacts site={v.site} typedHospital={v.hospital} />
              {v.weather && (
                <>
                  <dt className="font-medium">Weather</dt>
                  <dd>{v.weather}</dd>
                </>
              )}
            </dl>
            {v.scenes.length > 0 && (
              <ul className="text-sm" aria-label="Scenes of the day">
                {v.scenes.map((s) => (
                  <li key={s.number} className={s.yours ? "font-medium" : undefined}>
                    <span className="font-mono font-semibold">{s.number}</span> {s.heading}{" "}
                    <span className="text-zinc-600 dark:text-zinc-400">({s.pages})</span>
                    {s.yours && (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
                        Your scene
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {v.contacts.length > 0 && (
              <div className="text-sm">
                <h3 className="mb-1 font-semibold">Production contacts</h3>
                <ul aria-label="Production contacts" className="flex flex-col gap-1">
                  {v.contacts.map((c) => (
                    <li key={`${c.role}-${c.email}`}>
                      {c.role}: <span className="font-medium">{c.name}</span>
                      {c.phone && (
                        <>
                          {" · "}
                          <a href={`tel:${c.phone.replace(/[^+\d]/g, "")}`} className="underline underline-offset-4">
                            {c.phone}
                          </a>
                        </>
                      )}
                      {" · "}
                      <a href={`mailto:${c.email}`} className="underline underline-offset-4">
                        {c.email}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {v.notes && <p className="text-sm whitespace-pre-line">{v.notes}</p>}
            {v.confirmedAt ? (
              <p
                role="status"
                className="flex items-center gap-2 text-sm font-medium text-green-800 dark:text-green-300"
              >
                <CheckCircle2 aria-hidden className="size-5" />
                Confirmed on {fmt.dateTime(v.confirmedAt)}. Thank you.
              </p>
            ) : (
              <div className="flex flex-col gap-2">
                <Button busy={confirm.isPending} onClick={() => confirm.mutate()} className="self-start">
                  <CheckCircle2 aria-hidden className="size-4" />
                  Confirm I have the call sheet
                </Button>
                {confirm.isError && (
                  <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                    {confirm.error.message}
                  </p>
                )}
              </div>
            )}
          </Card>
        )
      )}
    </div>
  );
}
