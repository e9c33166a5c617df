import { useState } from "react";
import type { LotKind, WindowDto } from "../../../../common/equipment-fair.ts";
import { LoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card } from "../../../components/ui/Card.tsx";
import { Checkbox } from "../../../components/ui/Checkbox.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { useLeaveGuard } from "../../../lib/useLeaveGuard.ts";
import { post, useCategories, useKits } from "../api.ts";
import { openWindow, useFairChange, useFairShareList, useWindows } from "../fair-api.ts";
import { fromLocalInput } from "../shared.tsx";
import { WindowCard } from "../WindowCard.tsx";

const EMPTY = { name: "", from: "", to: "", deadline: "" };

/** The office's request windows: open one for a contested period, close its requests, draw its lottery. */
export function Windows() {
  const windows = useWindows();
  const [drawing, setDrawing] = useState<WindowDto | null>(null);
  const draw = useFairChange((w: WindowDto) => post<WindowDto>(`/windows/${w.id}/draw`), {
    success: (w) => [
      "Lottery drawn",
      `${w.requests.filter((r) => r.won).length} of ${w.requests.length} requests allotted; everyone has been told why.`,
    ],
    failure: "Lottery not drawn",
    onSuccess: () => setDrawing(null),
    onError: () => void setDrawing(null),
  });
  const close = useFairChange((w: WindowDto) => post<WindowDto>(`/windows/${w.id}/close`), {
    success: (w) => ["Requests closed", `“${w.name}” takes no more requests; draw the lottery when ready.`],
    failure: "Requests not closed",
  });
  return (
    <div className="flex flex-col gap-4">
      <OpenWindow />
      {windows.isError ? (
        <LoadError what="The request windows" error={windows.error} onRetry={() => void windows.refetch()} />
      ) : (
        <section aria-labelledby="windows-heading" className="flex flex-col gap-2">
          <h2 id="windows-heading" className="text-lg font-semibold">
            Request windows
          </h2>
          {windows.data?.length === 0 && <p className="text-sm">No request windows in the last month.</p>}
          {(windows.data ?? []).map((w) => (
            <WindowCard key={w.id} w={w}>
              <div className="flex flex-wrap gap-2">
                {w.accepting && (
                  <Button variant="secondary" busy={close.isPending} onClick={() => close.mutate(w)}>
                    Close requests now
                  </Button>
                )}
                {w.canDraw && <Button onClick={() => setDrawing(w)}>Draw the lottery</Button>}
              </div>
            </WindowCard>
          ))}
        </section>
      )}
      <ConfirmDialog
        open={!!drawing}
        title={`Draw the lottery of “${drawing?.name}”?`}
        confirmLabel="Draw the lottery"
        busy={draw.isPending}
        onConfirm={() => drawing && draw.mutate(drawing)}
        onCancel={() => setDrawing(null)}
      >
        Higher-priority courses draw first, then a fixed random order seeded by the window: drawing again would give the
        same result. Winners get approved reservations; every requester is told their place and why.
      </ConfirmDialog>
    </div>
  );
}

function OpenWindow() {
  const categories = useCategories();
  const kits = useKits();
  const courses = useFairShareList();
  const [draft, setDraft] = useState(EMPTY);
  const [lots, setLots] = useState<{ kind: LotKind; id: string }[]>([]);
  const [ranked, setRanked] = useState<string[]>([]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(EMPTY) || lots.length > 0 || ranked.length > 0;
  useLeaveGuard(dirty, "the request window you were opening");
  const open = useFairChange(
    () =>
      openWindow({
        name: draft.name,
        startsAt: fromLocalInput(draft.from),
        endsAt: fromLocalInput(draft.to),
        deadline: fromLocalInput(draft.deadline),
        lots,
        priorities: ranked,
      }),
    {
      success: (w) => ["Request window opened", `Students can request for “${w.name}” until the deadline.`],
      failure: "Request window not opened",
      onSuccess: () => (setDraft(EMPTY), setLots([]), setRanked([])),
    },
  );
  const toggleLot = (kind: LotKind, id: string) =>
    setLots((l) => (l.some((x) => x.id === id) ? l.filter((x) => x.id !== id) : [...l, { kind, id }]));
  const toggleRank = (id: string) => setRanked((r) => (r.includes(id) ? r.filter((x) => x !== id) : [...r, id]));
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  const codeOf = new Map((courses.data ?? []).map((c) => [c.course.id, c.course.code]));
  return (
    <Card>
      <form
        aria-label="Open a request window"
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          open.mutate(undefined);
        }}
      >
        <h2 className="text-lg font-semibold">Open a request window</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          For a contested period: until the deadline students request what the window contests instead of booking it
          first come; then you draw the lottery.
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
        <div>
          <Button type="submit" busy={open.isPending} disabled={lots.length === 0}>
            Open the window
          </Button>
        </div>
      </form>
    </Card>
  );
}
