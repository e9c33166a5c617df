import { formatMinutes, type SceneSetups } from "../../../common/shots.ts";
import { SiteFacts } from "./SiteFacts.tsx";
import { CheckCircle2, Send } from "lucide-react";
import { PdfLink } from "./PdfLink.tsx";
import { useEffect, useState } from "react";
import { mapUrl, type CallSheetDto, type ScheduleDto } from "../../../common/schedule.ts";
import { formatPages } from "../../../common/eighths.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { LeavePrompt } from "../../components/ui/LeavePrompt.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { TimeInput } from "../../components/ui/TimeInput.tsx";
import { useFormats } from "../../lib/format.ts";
import { callSheetPdfUrl, useCallSheet, useCallSheetAction, useUpdateDay } from "./api.ts";
import { useLeaveGuard, useSaveShortcut } from "../../lib/useLeaveGuard.ts";
import { ProductionContacts } from "./ProductionContacts.tsx";
import { DayContactsEditor } from "../production-contacts/ContactDays.tsx";
import { ContactsHiddenNote } from "../../components/ContactsHiddenNote.tsx";
import { DayChecks } from "./DayChecks.tsx";

/** The call sheet of one shoot day: what the PDF and the e-mail say, per-person calls, and who confirmed. */
/** The per-person times and chaperones as the sheet edits them: calls and wraps by character or user id. */
interface Times {
  cast: Record<string, string>;
  crew: Record<string, string>;
  castWrap: Record<string, string>;
  crewWrap: Record<string, string>;
  chaperone: Record<string, string>;
}
const NO_TIMES: Times = { cast: {}, crew: {}, castWrap: {}, crewWrap: {}, chaperone: {} };
const timesOf = (s: CallSheetDto): Times => ({
  cast: Object.fromEntries(s.cast.map((c) => [c.name, c.call])),
  crew: Object.fromEntries(s.crew.map((c) => [c.userId, c.call])),
  castWrap: Object.fromEntries(s.cast.map((c) => [c.name, c.wrap])),
  crewWrap: Object.fromEntries(s.crew.map((c) => [c.userId, c.wrap])),
  chaperone: Object.fromEntries(s.cast.flatMap((c) => (c.chaperone !== undefined ? [[c.name, c.chaperone]] : []))),
});

export function CallSheet({ schedule, projectId }: { schedule: ScheduleDto; projectId: string }) {
  const fmt = useFormats();
  const longDate = (day: string) => fmt.date(day, { style: "long", weekday: true });
  const [dayId, setDayId] = useState<string | null>(schedule.days[0]?.id ?? null);
  useEffect(() => {
    if (!schedule.days.some((d) => d.id === dayId)) setDayId(schedule.days[0]?.id ?? null);
  }, [schedule.days, dayId]);
  const sheet = useCallSheet(projectId, dayId);
  const send = useCallSheetAction(projectId, dayId ?? "", "send");
  const confirm = useCallSheetAction(projectId, dayId ?? "", "confirm");
  const update = useUpdateDay(projectId);
  const [asking, setAsking] = useState(false);
  const [calls, setCalls] = useState<Times>(NO_TIMES);
  const s = sheet.data;
  useEffect(() => {
    if (s) setCalls(timesOf(s));
  }, [s]);
  const callsChanged = !!s && JSON.stringify(calls) !== JSON.stringify(timesOf(s));
  const changedWhat = s ? `the calls you changed for day ${s.day.number}` : "the calls you changed";
  useLeaveGuard(callsChanged, changedWhat);
  // Another day replaces the calls on screen: with unsaved ones, the picker asks first.
  const [nextDay, setNextDay] = useState<string | null>(null);
  const pickDay = (id: string) => (callsChanged && id !== dayId ? setNextDay(id) : setDayId(id));
  const onSaveKey = useSaveShortcut(() => saveCalls());

  if (schedule.days.length === 0) {
    return (
      <Card>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Add a shoot day on the stripboard first; each day gets its call sheet.
        </p>
      </Card>
    );
  }
  const saveCalls = () => {
    if (!s) return;
    // Only calls that differ from the general call are kept.
    const only = (m: Record<string, string>) =>
      Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v === s.day.generalCall ? "" : v]));
    const onlyWraps = (m: Record<string, string>) =>
      Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v === s.day.wrap ? "" : v]));
    update.mutate(
      {
        dayId: s.day.id,
        input: {
          version: s.day.version,
          castCalls: only(calls.cast),
          crewCalls: only(calls.crew),
          castWraps: onlyWraps(calls.castWrap),
          crewWraps: onlyWraps(calls.crewWrap),
          chaperones: { ...s.day.chaperones, ...calls.chaperone },
        },
      },
      { onSuccess: () => void sheet.refetch() },
    );
  };
  const confirmedCount = s?.recipients.filter((r) => r.confirmedAt).length ?? 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Select
          label="Shoot day"
          value={dayId ?? ""}
          onChange={(e) => pickDay(e.target.value)}
          options={schedule.days.map((d) => ({ value: d.id, label: `Day ${d.number}: ${longDate(d.date)}` }))}
        />
        {s && (
          <div className="flex flex-wrap gap-2">
            {s.canConfirm && (
              <Button variant="secondary" busy={confirm.isPending} onClick={() => confirm.mutate()}>
                <CheckCircle2 aria-hidden className="size-4" />I have the call sheet
              </Button>
            )}
            <PdfLink href={callSheetPdfUrl(projectId, s.day.id)}>PDF</PdfLink>
            {s.canEdit && (
              <Button onClick={() => setAsking(true)}>
                <Send aria-hidden className="size-4" />
                {s.day.callSheetSentAt ? "Send call sheet again" : "Send call sheet"}
              </Button>
            )}
          </div>
        )}
      </div>
      {sheet.isError ? (
        <Card role="alert">
          <p className="text-sm text-red-800 dark:text-red-300">{sheet.error.message}</p>
        </Card>
      ) : !s ? (
        <Skeleton className="h-72" />
      ) : (
        <article
          aria-label={`Call sheet, day ${s.day.number}`}
          onKeyDown={s.canEdit ? onSaveKey : undefined}
          className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <header className="flex flex-col gap-1">
            <h3 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
              {s.projectTitle}: day {s.day.number} of {s.dayCount}
            </h3>
            <DayChecks checks={s.day.checks} />
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium">Date</dt>
              <dd>{longDate(s.day.date)}</dd>
              <dt className="font-medium">Crew call</dt>
              <dd>{fmt.time(s.day.generalCall)}</dd>
              {s.day.meal && (
                <>
                  <dt className="font-medium">Meal</dt>
                  <dd>{fmt.time(s.day.meal)}</dd>
                </>
              )}
              <dt className="font-medium">Estimated wrap</dt>
              <dd>{s.day.wrap ? fmt.time(s.day.wrap) : "Not planned yet"}</dd>
              <dt className="font-medium">Location</dt>
              <dd>
                {[s.day.location, s.day.address].filter(Boolean).join(", ") || "Not set yet"}
                {s.day.address?.trim() && (
                  <>
                    {" · "}
                    <a
                      href={mapUrl(s.day.address)}
                      target="_blank"
                      rel="noreferrer"
                      className="underline underline-offset-4"
                    >
                      Map<span className="sr-only"> of {s.day.address} (opens in a new tab)</span>
                    </a>
                  </>
                )}
              </dd>
              {s.day.weather && (
                <>
                  <dt className="font-medium">Weather</dt>
                  <dd>{s.day.weather}</dd>
                </>
              )}
              <SiteFacts site={s.site} typedHospital={s.day.hospital} />
              <dt className="font-medium">Pages</dt>
              <dd>{formatPages(s.day.eighths)}</dd>
            </dl>
            {!s.contactsVisible && <ContactsHiddenNote />}
          </header>
          <section aria-labelledby="cs-scenes">
            <h4 id="cs-scenes" className="mb-2 font-semibold">
              Scenes
            </h4>
            {s.day.strips.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">No scenes are scheduled for this day yet.</p>
            ) : (
              <table className="w-full text-sm">
                <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
                  <tr>
                    <th scope="col" className="py-1 pr-2">
                      Scene
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      Heading
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      Pages
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      Setups
                    </th>
                    <th scope="col" className="py-1">
                      Cast
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {s.day.strips.map((st) => (
                    <tr key={st.number} className="border-t border-zinc-100 dark:border-zinc-800">
                      <td className="py-1 pr-2 font-mono font-semibold">{st.number}</td>
                      <td className="py-1 pr-2">{st.omitted ? `${st.heading} (omitted)` : st.heading}</td>
                      <td className="py-1 pr-2 whitespace-nowrap">{formatPages(st.eighths)}</td>
                      <td className="py-1 pr-2 whitespace-nowrap">{setupsText(s.setups, st.number)}</td>
                      <td className="py-1">{st.cast.join(", ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <div className="grid gap-4 md:grid-cols-2">
            {(["cast", "crew"] as const).map((kind) => {
              const people =
                kind === "cast"
                  ? s.cast.map((c) => ({
                      key: c.name,
                      name: c.name,
                      // The cast ID as the stripboard prints it: "1. ANNA".
                      shown: c.castId === null ? c.name : `${c.castId}. ${c.name}`,
                      role: c.role,
                      minor: c.chaperone !== undefined,
                    }))
                  : s.crew.map((c) => ({ key: c.userId, name: c.name, shown: c.name, role: c.role, minor: false }));
              const wrapKind = kind === "cast" ? "castWrap" : "crewWrap";
              return (
                <section key={kind} aria-labelledby={`cs-${kind}`}>
                  <h4 id={`cs-${kind}`} className="mb-2 font-semibold">
                    {kind === "cast" ? "Cast" : "Crew"}
                  </h4>
                  {people.length === 0 ? (
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">
                      {kind === "cast"
                        ? "No speaking characters in this day's scenes."
                        : "The project has no crew yet."}
                    </p>
                  ) : (
                    <ul className="flex flex-col gap-1">
                      {people.map((person) => (
                        <li key={person.key} className="flex flex-col gap-1 text-sm">
                          <div className="flex flex-wrap items-center justify-between gap-2">
                            <span className="min-w-0">
                              <span className="font-medium">{person.shown}</span>
                              <span className="text-zinc-600 dark:text-zinc-400"> · {person.role}</span>
                              {person.minor && (
                                <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
                                  minor
                                </span>
                              )}
                            </span>
                            {s.canEdit ? (
                              <span className="flex items-start gap-1">
                                <TimeInput
                                  aria-label={`Call of ${person.name}`}
                                  required
                                  value={calls[kind][person.key] ?? s.day.generalCall}
                                  onChange={(v) => setCalls((c) => ({ ...c, [kind]: { ...c[kind], [person.key]: v } }))}
                                  className="w-24"
                                />
                                <span aria-hidden className="pt-2">
                                  –
                                </span>
                                <TimeInput
                                  aria-label={`Wrap of ${person.name}`}
                                  value={calls[wrapKind][person.key] ?? s.day.wrap}
                                  onChange={(v) =>
                                    setCalls((c) => ({ ...c, [wrapKind]: { ...c[wrapKind], [person.key]: v } }))
                                  }
                                  className="w-24"
                                />
                              </span>
                            ) : (
                              <span className="font-mono">
                                {fmt.time(calls[kind][person.key] ?? s.day.generalCall)}
                                {(calls[wrapKind][person.key] ?? s.day.wrap)
                                  ? `–${fmt.time(calls[wrapKind][person.key] ?? s.day.wrap)}`
                                  : ""}
                              </span>
                            )}
                          </div>
                          {person.minor &&
                            (s.canEdit ? (
                              <Field
                                label={`Chaperone or studio teacher of ${person.name}`}
                                value={calls.chaperone[person.key] ?? ""}
                                maxLength={120}
                                autoComplete="off"
                                onChange={(e) =>
                                  setCalls((c) => ({
                                    ...c,
                                    chaperone: { ...c.chaperone, [person.key]: e.target.value },
                                  }))
                                }
                              />
                            ) : (
                              <span className="text-xs text-zinc-600 dark:text-zinc-400">
                                Chaperone: {calls.chaperone[person.key] || "not named yet"}
                              </span>
                            ))}
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
          {s.canEdit && (s.cast.length > 0 || s.crew.length > 0) && (
            <div>
              <Button variant="secondary" busy={update.isPending} onClick={saveCalls}>
                Save calls, wraps and chaperones
              </Button>
            </div>
          )}
          <ProductionContacts contacts={s.productionContacts} />
          {s.canEdit && dayId && <DayContactsEditor projectId={projectId} dayId={dayId} />}
          {s.day.notes && (
            <section aria-labelledby="cs-notes">
              <h4 id="cs-notes" className="mb-1 font-semibold">
                Notes
              </h4>
              <p className="text-sm whitespace-pre-line">{s.day.notes}</p>
            </section>
          )}
          <section aria-labelledby="cs-recipients">
            <h4 id="cs-recipients" className="mb-2 font-semibold">
              Sent to{" "}
              {s.recipients.length === 0 ? "nobody yet" : `${s.recipients.length} (${confirmedCount} confirmed)`}
            </h4>
            {s.recipients.length > 0 && (
              <table className="w-full text-sm">
                <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
                  <tr>
                    <th scope="col" className="py-1 pr-2">
                      Name
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      Sent
                    </th>
                    <th scope="col" className="py-1">
                      Confirmed
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {s.recipients.map((r, i) => (
                    <tr
                      key={r.email ?? `${r.userId ?? r.name}-${i}`}
                      className="border-t border-zinc-100 dark:border-zinc-800"
                    >
                      <td className="py-1 pr-2">
                        {r.name} {r.email && <span className="text-zinc-600 dark:text-zinc-400">({r.email})</span>}
                      </td>
                      <td className="py-1 pr-2">{fmt.dateTime(r.sentAt)}</td>
                      <td className="py-1">
                        {r.confirmedAt ? (
                          <span className="font-medium text-green-800 dark:text-green-300">
                            {fmt.dateTime(r.confirmedAt)}
                          </span>
                        ) : (
                          <span className="text-zinc-600 dark:text-zinc-400">Not yet</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </article>
      )}
      <LeavePrompt
        open={nextDay !== null}
        what={[changedWhat]}
        onStay={() => setNextDay(null)}
        onLeave={() => {
          setDayId(nextDay);
          setNextDay(null);
        }}
      />
      <ConfirmDialog
        open={asking}
        title="Send the call sheet?"
        confirmLabel="Send call sheet"
        busy={send.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => send.mutate(undefined, { onSettled: () => setAsking(false) })}
      >
        Every crew member gets it by e-mail with a personal link to confirm.
        {s?.day.callSheetSentAt ? " It was sent before: everyone is asked to confirm again." : ""}
      </ConfirmDialog>
    </div>
  );
}

/** A scene's setups from its shot list, as the call sheet's column shows them: "3 shots, 1 h 20 min". */
function setupsText(setups: SceneSetups[], sceneNumber: string): string {
  const x = setups.find((u) => u.sceneNumber === sceneNumber);
  if (!x) return "–";
  return `${x.shots} ${x.shots === 1 ? "shot" : "shots"}, ${formatMinutes(x.setupMinutes)}`;
}
