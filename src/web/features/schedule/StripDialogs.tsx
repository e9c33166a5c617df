import { useState, type FormEvent } from "react";
import {
  BANNER_KIND_LABELS,
  BANNER_KINDS,
  formatDuration,
  minutesFromEighths,
  MINUTES_PER_PAGE,
  parseDuration,
  type BannerDto,
  type BannerKind,
} from "../../../common/banners.ts";
import type { StripDto } from "../../../common/schedule.ts";
import { formatPages } from "../../../common/eighths.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Dialog } from "../../components/ui/Dialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useSchoolSettings } from "../../lib/number-input.ts";
import { useSaveShortcut } from "../../lib/useLeaveGuard.ts";
import { useCreateBanner, useDeleteBanner, useSaveEstimate, useUpdateBanner } from "./api.ts";

const HINT = "Minutes (45) or hours and minutes (1:30).";

/** Adds a banner to a day (`banner` null) or edits or removes one. */
export function BannerDialog({
  projectId,
  dayId,
  dayName,
  banner,
  onClose,
}: {
  projectId: string;
  dayId: string;
  dayName: string;
  banner: BannerDto | null;
  onClose(): void;
}) {
  const create = useCreateBanner(projectId);
  const update = useUpdateBanner(projectId);
  const remove = useDeleteBanner(projectId);
  const format = useSchoolSettings()?.numberFormat;
  const [initial] = useState(() => ({
    kind: banner?.kind ?? ("meal" as BannerKind),
    text: banner?.text ?? "",
    from: banner?.from ?? "",
    to: banner?.to ?? "",
    minutes: banner ? (banner.minutes ? formatDuration(banner.minutes) : "") : "30 min",
  }));
  const [form, setForm] = useState(initial);
  const [timeError, setTimeError] = useState<string>();
  const onSaveKey = useSaveShortcut();
  const busy = create.isPending || update.isPending || remove.isPending;
  const error = (create.error ?? update.error ?? remove.error)?.message;
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const timed = form.kind !== "note";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    let minutes = 0;
    if (timed && form.minutes.trim()) {
      const read = parseDuration(form.minutes, format);
      if (!read.ok) return setTimeError(read.message);
      minutes = read.minutes;
    }
    setTimeError(undefined);
    const input = { kind: form.kind, text: form.text, from: form.from, to: form.to, minutes };
    if (banner) update.mutate({ bannerId: banner.id, input }, { onSuccess: onClose });
    else create.mutate({ dayId, ...input }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      title={banner ? `Edit the ${BANNER_KIND_LABELS[banner.kind].toLowerCase()}` : `Add a banner to ${dayName}`}
      onClose={() => !busy && onClose()}
      unsaved={JSON.stringify(form) !== JSON.stringify(initial) && "the banner you were writing"}
    >
      <form onSubmit={submit} onKeyDown={onSaveKey} className="flex flex-col gap-3">
        <Select
          label="Kind"
          value={form.kind}
          onChange={set("kind")}
          options={BANNER_KINDS.map((k) => ({ value: k, label: BANNER_KIND_LABELS[k] }))}
        />
        {form.kind === "move" && (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="From" value={form.from} onChange={set("from")} maxLength={300} />
            <Field label="To" required value={form.to} onChange={set("to")} maxLength={300} />
          </div>
        )}
        {timed && (
          <Field
            label={form.kind === "meal" ? "Length" : "Travel time (optional)"}
            required={form.kind === "meal"}
            value={form.minutes}
            onChange={set("minutes")}
            hint={`${HINT} Counted in the day's estimated time.`}
            error={timeError}
          />
        )}
        <Field
          label={form.kind === "note" ? "Note" : "Note (optional)"}
          required={form.kind === "note"}
          value={form.text}
          onChange={set("text")}
          maxLength={300}
        />
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-between gap-2">
          {banner ? (
            <Button variant="danger" onClick={() => remove.mutate(banner.id, { onSuccess: onClose })} disabled={busy}>
              Remove banner
            </Button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              {banner ? "Save banner" : "Add banner"}
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}

/** A scene's estimated shooting time: typed minutes or h:mm, or back to the time its pages give. */
export function EstimateDialog({ projectId, strip, onClose }: { projectId: string; strip: StripDto; onClose(): void }) {
  const save = useSaveEstimate(projectId);
  const format = useSchoolSettings()?.numberFormat;
  const initial = formatDuration(strip.minutes);
  const [text, setText] = useState(initial);
  const [timeError, setTimeError] = useState<string>();
  const onSaveKey = useSaveShortcut();
  const fromPages = minutesFromEighths(strip.eighths);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = parseDuration(text, format);
    if (!read.ok) return setTimeError(read.message);
    setTimeError(undefined);
    save.mutate({ scene: strip.number, minutes: read.minutes }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      title={`Estimated time of scene ${strip.number}`}
      description={strip.heading}
      onClose={() => !save.isPending && onClose()}
      unsaved={text !== initial && `the estimate of scene ${strip.number}`}
    >
      <form onSubmit={submit} onKeyDown={onSaveKey} className="flex flex-col gap-3">
        <Field
          label="Estimated time"
          required
          value={text}
          onChange={(e) => setText(e.target.value)}
          hint={`${HINT} From its ${formatPages(strip.eighths)} at ${MINUTES_PER_PAGE} minutes a page: ${formatDuration(fromPages)}.`}
          error={timeError ?? save.error?.message}
        />
        <div className="flex flex-wrap justify-between gap-2">
          {strip.estimated ? (
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => save.mutate({ scene: strip.number, minutes: null }, { onSuccess: onClose })}
            >
              Time from pages
            </Button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={save.isPending}>
              Save estimate
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
