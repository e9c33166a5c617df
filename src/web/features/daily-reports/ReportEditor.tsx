import { useCallback, useEffect, useRef, useState } from "react";
import {
  MEALS_MAX,
  TAKE_MARKS,
  TAKE_MARK_LABELS,
  type DailyReportDto,
  type DailyReportFields,
  type ReportConflictDetails,
  type RollLine,
} from "../../../common/daily-reports.ts";
import { parseNumberInput } from "../../../common/number-input.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { TimeField } from "../../components/ui/TimeInput.tsx";
import { errorText } from "../../lib/api.ts";
import { SAVE_STATE_TEXT, useSaveAfterPause, useWarnBeforeUnload, type SaveState } from "../../lib/autosave.ts";
import { useFormats } from "../../lib/format.ts";
import { useTypedField } from "../../lib/typed-field.ts";
import {
  conflictOf,
  fetchReport,
  isOffline,
  paperUrl,
  REPORT_PAPERS,
  saveReport,
  usePutReportInToday,
  useReopenReport,
  useSignReport,
} from "./api.ts";
import { draftOf, dropDraft, keepDraft } from "./offline.ts";
import { DayShots } from "./DayShots.tsx";
import { SceneLines } from "./SceneLines.tsx";

const OFFLINE_TEXT = "Offline: kept on this phone, sent when the signal returns";

/**
 * The day's report, saved as it is typed. Every edit is kept on the phone at once; without signal it waits there
 * and is sent when the connection returns. If someone else saved meanwhile, the server refuses (409) and the page
 * says who and when, keeping this phone's text until the writer chooses.
 */
export function ReportEditor({ report }: { report: DailyReportDto }) {
  const fmt = useFormats();
  const putInToday = usePutReportInToday();
  const [server, setServer] = useState(report);
  const kept = draftOf(report.dayId);
  const [fields, setFields] = useState<DailyReportFields>(kept?.fields ?? report.fields);
  const [version, setVersion] = useState(kept?.version ?? report.version);
  const [pending, setPending] = useState(!!kept);
  const [state, setState] = useState<SaveState>(kept ? "unsaved" : "saved");
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ReportConflictDetails | null>(null);
  const [offline, setOffline] = useState(false);
  const sent = useRef<DailyReportFields | null>(null);
  const latest = useRef(fields);
  latest.current = fields;

  // A newer answer from the server (a reload, someone else's save told by the realtime socket) replaces the
  // text only when nothing typed here waits to be sent.
  useEffect(() => {
    if (report.version <= server.version && report.signedAt === server.signedAt) return;
    setServer(report);
    if (!pending) {
      setFields(report.fields);
      setVersion(report.version);
    }
  }, [report, server, pending]);

  const adopt = useCallback(
    (r: DailyReportDto) => {
      setServer(r);
      setVersion(r.version);
      putInToday(r);
    },
    [putInToday],
  );

  const save = useCallback(async () => {
    const body = latest.current;
    sent.current = body;
    setState("saving");
    try {
      const r = await saveReport(server, version, body);
      adopt(r);
      setOffline(false);
      setProblem(null);
      if (latest.current === body) {
        setPending(false);
        dropDraft(report.dayId);
        setState("saved");
      } else {
        keepDraft(report.dayId, { version: r.version, fields: latest.current });
        setState("unsaved");
      }
    } catch (err) {
      const theirs = conflictOf(err);
      if (theirs) {
        setConflict(theirs);
        setState("conflict");
      } else if (isOffline(err)) {
        setOffline(true);
        setState("error");
      } else {
        setProblem(errorText(err));
        setState("error");
      }
    }
  }, [server, version, adopt, report.dayId]);

  const signed = !!server.signedAt;
  useSaveAfterPause({ pending, held: !!conflict || signed || !!problem, state, setState, save }, [fields]);
  useWarnBeforeUnload(pending && !offline);
  // The signal returns: what waited is sent at once.
  useEffect(() => {
    const back = () => pending && !conflict && void save();
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [pending, conflict, save]);

  const edit = (change: Partial<DailyReportFields>) => {
    setFields((f) => {
      const next = { ...f, ...change };
      keepDraft(report.dayId, { version, fields: next });
      return next;
    });
    setPending(true);
    setProblem(null);
  };

  async function keepMine() {
    if (!conflict) return;
    setVersion(conflict.version);
    keepDraft(report.dayId, { version: conflict.version, fields });
    setConflict(null);
    setState("unsaved");
  }
  async function takeTheirs() {
    const r = await fetchReport(server);
    adopt(r);
    setFields(r.fields);
    dropDraft(report.dayId);
    setPending(false);
    setConflict(null);
    setState("saved");
  }

  const sign = useSignReport(server, adopt);
  const reopen = useReopenReport(server, (r) => {
    adopt(r);
    setFields(r.fields);
  });
  const readOnly = signed || !server.canEdit;

  return (
    <section aria-label="Daily production report" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold">Daily production report</h3>
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {signed
            ? `Signed by ${server.signedByName} on ${fmt.dateTime(server.signedAt)}`
            : offline && pending
              ? OFFLINE_TEXT
              : SAVE_STATE_TEXT[state]}
        </p>
      </div>
      {conflict && (
        <div role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm dark:bg-amber-950">
          <p>
            Someone else changed this report since you opened it: {conflict.updatedByName || "someone"} saved it at{" "}
            {fmt.dateTime(conflict.updatedAt)}. Your text is kept on this phone and was not sent.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void keepMine()}>
              Save mine over theirs
            </Button>
            <Button variant="ghost" onClick={() => void takeTheirs()}>
              Discard mine and show theirs
            </Button>
          </div>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <fieldset disabled={readOnly} className="flex flex-col gap-4">
        <div className="grid grid-cols-3 gap-2">
          <TimeField label="Actual call" value={fields.actualCall} onChange={(actualCall) => edit({ actualCall })} />
          <TimeField label="First shot" value={fields.firstShot} onChange={(firstShot) => edit({ firstShot })} />
          <TimeField label="Wrap" value={fields.wrap} onChange={(wrap) => edit({ wrap })} />
        </div>
        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-medium">Meals</h4>
          {fields.meals.map((m, i) => (
            <div key={i} className="flex items-end gap-2">
              <TimeField
                label={`Meal ${i + 1} from`}
                value={m.start}
                onChange={(start) => edit({ meals: fields.meals.map((x, j) => (j === i ? { ...x, start } : x)) })}
              />
              <TimeField
                label="to"
                value={m.end}
                onChange={(end) => edit({ meals: fields.meals.map((x, j) => (j === i ? { ...x, end } : x)) })}
              />
              <Button variant="ghost" onClick={() => edit({ meals: fields.meals.filter((_, j) => j !== i) })}>
                Remove
              </Button>
            </div>
          ))}
          {fields.meals.length < MEALS_MAX && (
            <Button
              variant="secondary"
              className="self-start"
              onClick={() => edit({ meals: [...fields.meals, { start: "", end: "" }] })}
            >
              Add a meal
            </Button>
          )}
        </div>
        <SceneLines fields={fields} planned={server.planned} plannedEighths={server.plannedEighths} edit={edit} />
        <DayShots fields={fields} planned={server.plannedShots ?? []} edit={edit} />
        <div className="grid grid-cols-2 gap-2">
          <CountField label="Setups" value={fields.setups} onChange={(setups) => edit({ setups })} />
          <CountField label="Takes" value={fields.takes} onChange={(takes) => edit({ takes })} />
        </div>
        <Textarea label="Delays" value={fields.delays} onChange={(e) => edit({ delays: e.target.value })} />
        <Textarea label="Incidents" value={fields.incidents} onChange={(e) => edit({ incidents: e.target.value })} />
        <Textarea
          label="Injury or accident report"
          hint="What happened, to whom, and what was done. Leave empty when there was none."
          value={fields.injury}
          onChange={(e) => edit({ injury: e.target.value })}
        />
        <Textarea label="Notes" value={fields.notes} onChange={(e) => edit({ notes: e.target.value })} />
        <TakeNotes fields={fields} edit={edit} />
        <Rolls title="Camera report" rolls={fields.cameraRolls} onChange={(cameraRolls) => edit({ cameraRolls })} />
        <Rolls title="Sound report" rolls={fields.soundRolls} onChange={(soundRolls) => edit({ soundRolls })} />
      </fieldset>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {REPORT_PAPERS.map((p) => (
          <a key={p.file} className="underline underline-offset-4" href={paperUrl(server, p.file)}>
            {p.label} (PDF)
          </a>
        ))}
      </div>
      {server.canSign && (
        <div className="flex flex-wrap items-center gap-2">
          {signed ? (
            <Button variant="secondary" busy={reopen.isPending} onClick={() => reopen.mutate(undefined)}>
              Reopen the report
            </Button>
          ) : (
            <Button busy={sign.isPending} disabled={pending || !!conflict} onClick={() => sign.mutate(version)}>
              Sign the report
            </Button>
          )}
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            {signed
              ? "Signed reports are read-only. Reopen it to correct it; signing again stores a new version."
              : "Signing stores the report as a PDF with the call sheets and sends it to the supervisor."}
          </span>
        </div>
      )}
    </section>
  );
}

/**
 * A whole number, read by the house's parser (what a text means does not depend on the school's format, which
 * only words its examples; the defaults keep this field free of the settings query, which fails without signal).
 * Empty is "not given".
 */
function CountField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange(n: number | null): void;
}) {
  const field = useTypedField<number>({
    value,
    onChange,
    write: String,
    read(typed) {
      const parsed = parseNumberInput(typed, { digits: 0 });
      return parsed.ok && parsed.value < 0 ? { ok: false, message: "Type a number of zero or more." } : parsed;
    },
  });
  return <Field label={label} inputMode="numeric" {...field} />;
}

function TakeNotes({ fields, edit }: { fields: DailyReportFields; edit(change: Partial<DailyReportFields>): void }) {
  const rows = fields.takeNotes;
  const set = (i: number, change: Partial<(typeof rows)[number]>) =>
    edit({ takeNotes: rows.map((x, j) => (j === i ? { ...x, ...change } : x)) });
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-medium">Script supervisor's notes</h4>
      {rows.map((t, i) => (
        <div key={i} className="grid grid-cols-[4rem_4rem_1fr] gap-2 sm:grid-cols-[5rem_5rem_8rem_1fr_auto]">
          <Field label="Scene" value={t.scene} onChange={(e) => set(i, { scene: e.target.value })} />
          <Field label="Take" value={t.take} onChange={(e) => set(i, { take: e.target.value })} />
          <Select
            label="Mark"
            value={t.mark}
            options={TAKE_MARKS.map((v) => ({ value: v, label: TAKE_MARK_LABELS[v] }))}
            onChange={(e) => set(i, { mark: e.target.value as (typeof TAKE_MARKS)[number] })}
          />
          <Field
            label="Notes"
            className="col-span-3 sm:col-span-1"
            value={t.notes}
            onChange={(e) => set(i, { notes: e.target.value })}
          />
          <Button
            variant="ghost"
            className="self-end"
            onClick={() => edit({ takeNotes: rows.filter((_, j) => j !== i) })}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => {
          const last = rows.at(-1);
          // The next take of the same scene is the usual next line.
          const take = last && /^\d+$/.test(last.take) ? String(Number(last.take) + 1) : "1";
          edit({ takeNotes: [...rows, { scene: last?.scene ?? "", take, mark: "hold", notes: "" }] });
        }}
      >
        Add a take
      </Button>
    </div>
  );
}

function Rolls({ title, rolls, onChange }: { title: string; rolls: RollLine[]; onChange(r: RollLine[]): void }) {
  const set = (i: number, change: Partial<RollLine>) =>
    onChange(rolls.map((x, j) => (j === i ? { ...x, ...change } : x)));
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-medium">{title}</h4>
      {rolls.map((r, i) => (
        <div key={i} className="grid grid-cols-3 gap-2 sm:grid-cols-[5rem_5rem_5rem_1fr_auto]">
          <Field label="Roll" value={r.roll} onChange={(e) => set(i, { roll: e.target.value })} />
          <Field label="Scene" value={r.scene} onChange={(e) => set(i, { scene: e.target.value })} />
          <Field label="Take" value={r.take} onChange={(e) => set(i, { take: e.target.value })} />
          <Field
            label="Notes"
            className="col-span-3 sm:col-span-1"
            value={r.notes}
            onChange={(e) => set(i, { notes: e.target.value })}
          />
          <Button variant="ghost" className="self-end" onClick={() => onChange(rolls.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => {
          const last = rolls.at(-1);
          onChange([...rolls, { roll: last?.roll ?? "", scene: last?.scene ?? "", take: "", notes: "" }]);
        }}
      >
        Add a line
      </Button>
    </div>
  );
}
