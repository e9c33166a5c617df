import { useState } from "react";
import type { LotKind, WindowDto } from "../../../../common/equipment-fair.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Card } from "../../../components/ui/Card.tsx";
import { Checkbox } from "../../../components/ui/Checkbox.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";
import { useCategories, useKits } from "../api.ts";
import { openWindow, updateWindow, useFairChange, useFairShareList } from "../fair-api.ts";
import { fromLocalInput, toLocalInput } from "../shared.tsx";

const EMPTY = { name: "", from: "", to: "", deadline: "" };

const draftOf = (w: WindowDto | null) =>
  w
    ? {
        name: w.name,
        from: toLocalInput(new Date(w.startsAt)),
        to: toLocalInput(new Date(w.endsAt)),
        deadline: toLocalInput(new Date(w.deadline)),
      }
    : EMPTY;

/**
 * The office's window form: empty to open a window, or prefilled to correct one before its draw. The server says
 * what may still change (a thing already requested stays contested); the form sends the whole window either way.
 */
export function WindowForm({ editing, onDone }: { editing: WindowDto | null; onDone(): void }) {
  const categories = useCategories();
  const kits = useKits();
  const courses = useFairShareList();
  const start = draftOf(editing);
  const startLots = editing?.lotRefs ?? [];
  const startRanked = editing?.priorities.map((p) => p.id) ?? [];
  const [draft, setDraft] = useState(start);
  const [lots, setLots] = useState<{ kind: LotKind; id: string }[]>(startLots);
  const [ranked, setRanked] = useState<string[]>(startRanked);
  const dirty =
    JSON.stringify(draft) !== JSON.stringify(start) ||
    JSON.stringify(lots) !== JSON.stringify(startLots) ||
    JSON.stringify(ranked) !== JSON.stringify(startRanked);
  useLeaveGuard(dirty, editing ? `your corrections to “${editing.name}”` : "the request window you were opening");
  const open = useFairChange(
    () => {
      const input = {
        name: draft.name,
        startsAt: fromLocalInput(draft.from),
        endsAt: fromLocalInput(draft.to),
        deadline: fromLocalInput(draft.deadline),
        lots,
        priorities: ranked,
      };
      return editing ? updateWindow(editing.id, input) : openWindow(input);
    },
    {
      success: (w) =>
        editing
          ? ["Request window saved", `“${w.name}” is corrected; requesters were told if its dates moved.`]
          : ["Request window opened", `Students can request for “${w.name}” until the deadline.`],
      failure: editing ? "Request window not saved" : "Request window not opened",
      onSuccess: () => (setDraft(EMPTY), setLots([]), setRanked([]), onDone()),
    },
  );
  const title = editing ? `Correct “${editing.name}”` : "Open a request window";
  const toggleLot = (kind: LotKind, id: string) =>
    setLots((l) => (l.some((x) => x.id === id) ? l.filter((x) => x.id !== id) : [...l, { kind, id }]));
  const toggleRank = (id: string) => setRanked((r) => (r.includes(id) ? r.filter((x) => x !== id) : [...r, id]));
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  const codeOf = new Map((courses.data ?? []).map((c) => [c.course.id, c.course.code]));
  return (
    <Card>
      <form
        aria-label={title}
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          open.mutate(undefined);
        }}
      >
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {editing
            ? "Until the draw you may correct anything; a contested thing someone has requested stays. Requesters are told when the period or the deadline moves."
            : "For a contested period: until the deadline students request what the window contests instead of booking it first come; then you draw the lottery."}
        </p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Window name" value={draft.name} onChange={set("name")} required />
          <Field label="Period from" type="datetime-local" value={draft.from} onChange={set("from")} required />
          <Field label="Period until" type="datetime-local" value={draft.to} onChange={set("to")} required />
          <Field
            label="Requests until"
            type="datetime-local"
            value={draft.deadline}
            onChange={set("deadline")}
            required
          />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Contested (any item of a category, or a kit as one)</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {(categories.data ?? []).map((c) => (
              <Checkbox
                key={c.id}
                label={c.name}
                description="Category"
                checked={lots.some((l) => l.id === c.id)}
                onChange={() => toggleLot("category", c.id)}
              />
            ))}
            {(kits.data ?? []).map((k) => (
              <Checkbox
                key={k.id}
                label={k.name}
                description="Kit"
                checked={lots.some((l) => l.id === k.id)}
                onChange={() => toggleLot("kit", k.id)}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Course priority (in the order you tick them)</legend>
          <p className="text-sm" aria-live="polite">
            {ranked.length
              ? ranked.map((id, n) => `${n + 1}. ${codeOf.get(id) ?? ""}`).join(", ") + ", then every other course"
              : "No priority: every course draws alike."}
          </p>
          <div className="grid max-h-48 gap-2 overflow-y-auto sm:grid-cols-2 lg:grid-cols-4">
            {(courses.data ?? []).map((c) => (
              <Checkbox
                key={c.course.id}
                label={`${c.course.code} · ${c.course.title}`}
                description={c.course.term}
                checked={ranked.includes(c.course.id)}
                onChange={() => toggleRank(c.course.id)}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={open.isPending} disabled={lots.length === 0}>
            {editing ? "Save the window" : "Open the window"}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={onDone}>
              Stop correcting
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
