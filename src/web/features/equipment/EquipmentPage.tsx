import { useFormats } from "../../lib/format.ts";
import { useState } from "react";
import { ModelPicker, modelsQuery, type ModelChoice } from "./ModelPicker.tsx";
import { Link, useSearchParams } from "react-router";
import { type BookingConflictDetails, type ReservationDto } from "../../../common/equipment.ts";
import { needsCertificationText } from "../../../common/equipment-states.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import {
  ClosedNote,
  GateNote,
  ReservationItems,
  StateBadge,
  Thumbnail,
  fromLocalInput,
  rangeText,
  toLocalInput,
} from "./shared.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { ApiError } from "../../lib/api.ts";
import { useReadyInSlices } from "../../lib/ready.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { RequestWindows } from "./RequestWindows.tsx";
import { useWindows } from "./fair-api.ts";
import {
  isConflict,
  post,
  useAvailability,
  useCategories,
  useEquipmentChange,
  useKitsBetween,
  useModels,
  useMyEquipment,
  useMyProjects,
  useMyReservations,
} from "./api.ts";

const PAGE = 25;

function defaultRange() {
  const start = new Date();
  start.setDate(start.getDate() + 2);
  start.setHours(9, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  end.setHours(18, 0, 0, 0);
  return { from: toLocalInput(start), to: toLocalInput(end) };
}

/** The catalogue: what is free when, reserved for one of the person's productions. */
export default function EquipmentPage() {
  const fmt = useFormats();
  const [params] = useSearchParams();
  const [range, setRange] = useState(defaultRange);
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [page, setPage] = useState(0);
  const [projectId, setProjectId] = useState(params.get("project") ?? "");
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [kits, setKits] = useState<Map<string, string>>(new Map());
  const [models, setModels] = useState<Map<string, ModelChoice>>(new Map());
  const [conflict, setConflict] = useState<{ message: string; details: BookingConflictDetails } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<ReservationDto | null>(null);
  // What a student expects first is what they may book; the rest, with why, is one untick away.
  const [onlyOpen, setOnlyOpen] = useState(true);
  const from = fromLocalInput(range.from);
  const to = fromLocalInput(range.to);
  const rangeOk = !!from && !!to && to > from;

  const categories = useCategories();
  const projects = useMyProjects();
  const me = useMyEquipment();
  const qs = new URLSearchParams({ from, to, limit: String(PAGE), offset: String(page * PAGE) });
  if (search.trim()) qs.set("search", search.trim());
  if (categoryId) qs.set("categoryId", categoryId);
  if (onlyOpen) qs.set("onlyOpen", "true");
  const catalogue = useAvailability(qs, rangeOk);
  const kitList = useKitsBetween(from, to, rangeOk);
  // Asked here too (the same queries as the sections', one request each) so the page draws with them in place:
  // the request windows arriving above the models pushed the rest down, a layout shift of 0.18 on a phone.
  const windows = useWindows();
  const firstModels = useModels(modelsQuery(from, to, search), rangeOk);
  const mine = useMyReservations();

  const reserve = useEquipmentChange(
    () =>
      post<ReservationDto>("/reservations", {
        projectId,
        startsAt: from,
        endsAt: to,
        itemIds: [...chosen.keys()],
        kitIds: [...kits.keys()],
        models: [...models.values()].map(({ brand, model, quantity }) => ({ brand, model, quantity })),
      }),
    {
      success: (r) => [
        "Reservation requested",
        `${r.items.length} item${r.items.length === 1 ? "" : "s"} for “${r.project.title}”. The equipment office confirms it by e-mail.`,
      ],
      failure: "Reservation not made",
      onSuccess: () => {
        setChosen(new Map());
        setKits(new Map());
        setModels(new Map());
        setConflict(null);
        setRefusal(null);
      },
      onError: (err) => {
        setRefusal(null);
        // A rule's refusal (gear closed to the person, a course's fair share, a request window, the greenlight, the
        // strikes) is shown in the form it answers.
        if (err instanceof ApiError && (err.status === 403 || err.status === 400 || (isConflict(err) && !err.details)))
          return (setRefusal(err.message), true);
        if (!isConflict(err) || !(err.details as BookingConflictDetails | undefined)?.conflicts) return false;
        setConflict({ message: err.message, details: err.details as BookingConflictDetails });
        // The form shows the conflict beside its alternatives; a toast of the same sentences would cover it on a phone.
        return true;
      },
    },
  );
  const cancel = useEquipmentChange((id: string) => post<ReservationDto>(`/reservations/${id}/cancel`), {
    success: (r) => ["Reservation cancelled", `The items for “${r.project.title}” are free again.`],
    failure: "Reservation not cancelled",
    onSuccess: () => setCancelling(null),
    onError: () => void setCancelling(null),
  });

  const toggle = (set: typeof setChosen, id: string, name: string) =>
    set((prev) => {
      const next = new Map(prev);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });
  const swap = (replaces: string, alt: { itemId: string; itemName: string }) => {
    setChosen((prev) => {
      const next = new Map(prev);
      next.delete(replaces);
      next.set(alt.itemId, alt.itemName);
      return next;
    });
    setConflict(null);
  };
  // The page below its header is drawn once the first answers are in (or failed: each part shows its own
  // error), not part by part: the kits arriving pushed the catalogue down, a layout shift of 0.14 on a phone.
  // Only the first time: a new date range later keeps the page and fills in the lists.
  const [answered, setAnswered] = useState(false);
  const drawn = useReadyInSlices(answered);
  if (
    !answered &&
    !me.isPending &&
    !projects.isPending &&
    !mine.isPending &&
    !windows.isPending &&
    (!rangeOk || (!catalogue.isPending && !kitList.isPending && !firstModels.isPending))
  )
    setAnswered(true);
  const count = chosen.size + kits.size + models.size;
  const projectOptions = [
    { value: "", label: "Choose a production" },
    ...(projects.data?.items ?? []).map((p) => ({ value: p.id, label: p.title })),
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Equipment"
        description="Find what is free for your shoot days and reserve it for your production. The equipment office confirms each request; collect the gear at the desk and bring it back on time."
      />
      {drawn ? (
        <>
          {me.data?.blocked && (
            <Card role="alert" className="border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/40">
              <p className="font-medium">You cannot book equipment right now.</p>
              <p className="text-sm">
                You have {me.data.strikes} late returns on record, the school's limit is {me.data.strikeLimit}. Ask the
                equipment office to clear them.
              </p>
            </Card>
          )}

          <Card>
            <h2 className="mb-3 text-lg font-semibold">When and for which production</h2>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Select
                label="Production"
                value={projectId}
                onChange={(e) => setProjectId(e.target.value)}
                options={projectOptions}
              />
              <Field
                label="From"
                type="datetime-local"
                value={range.from}
                onChange={(e) => (setRange((r) => ({ ...r, from: e.target.value })), setPage(0))}
              />
              <Field
                label="Until"
                type="datetime-local"
                value={range.to}
                error={range.to && !rangeOk ? "The end must come after the start." : undefined}
                onChange={(e) => (setRange((r) => ({ ...r, to: e.target.value })), setPage(0))}
              />
              <div className="flex items-end">
                <Button
                  className="w-full"
                  disabled={!projectId || !rangeOk || count === 0}
                  busy={reserve.isPending}
                  onClick={() => (setRefusal(null), reserve.mutate(undefined))}
                >
                  {count === 0 ? "Request reservation" : `Request ${count} reservation${count === 1 ? "" : "s"}`}
                </Button>
              </div>
            </div>
            {projects.data && projects.data.items.length === 0 && (
              <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
                You are not on the crew of any production yet: equipment is booked for a production.
              </p>
            )}
            {count > 0 && (
              <p className="mt-3 text-sm" aria-live="polite">
                Chosen:{" "}
                {[
                  ...[...models.values()].map((m) => `${m.quantity} × ${m.name}`),
                  ...kits.values(),
                  ...chosen.values(),
                ].join(", ")}
              </p>
            )}
            {refusal && (
              <p
                role="alert"
                className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium dark:border-amber-800 dark:bg-amber-950/40"
              >
                {refusal}
              </p>
            )}
            {conflict && (
              <div
                role="alert"
                className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40"
              >
                <p className="font-medium">{conflict.message}</p>
                {conflict.details.alternatives.length > 0 && (
                  <div className="mt-2 flex flex-wrap gap-2">
                    {conflict.details.alternatives.map((a) => (
                      <Button key={a.itemId} variant="secondary" onClick={() => swap(a.replaces, a)}>
                        Use {a.itemName} ({a.assetTag}) instead
                      </Button>
                    ))}
                  </div>
                )}
              </div>
            )}
          </Card>

          <RequestWindows />

          <ModelPicker
            from={from}
            to={to}
            enabled={rangeOk}
            search={search}
            chosen={models}
            onChange={(name, choice) =>
              setModels((m) => {
                const next = new Map(m);
                if (choice) next.set(name, choice);
                else next.delete(name);
                return next;
              })
            }
          />

          <section aria-labelledby="kits-heading" className="flex flex-col gap-2">
            <h2 id="kits-heading" className="text-lg font-semibold">
              Kits
            </h2>
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {(kitList.data ?? [])
                .filter((k) => !onlyOpen || !k.closed || kits.has(k.id))
                .map((k) => {
                  const needs = k.closed
                    ? k.closed.reason
                    : k.missingCertifications.length > 0
                      ? needsCertificationText(k.missingCertifications)
                      : null;
                  return (
                    <li
                      key={k.id}
                      className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
                    >
                      <div className="flex items-start justify-between gap-2">
                        <div>
                          <p className="font-medium">{k.name}</p>
                          <p className="text-xs text-zinc-600 dark:text-zinc-400">
                            {k.items.map((i) => i.name).join(", ")}
                          </p>
                        </div>
                        {k.free ? <Badge tone="good">Free</Badge> : <Badge tone="bad">Booked</Badge>}
                      </div>
                      {k.closed ? (
                        <p className="mt-2">
                          <ClosedNote closed={k.closed} />
                        </p>
                      ) : (
                        needs && <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">{needs}</p>
                      )}
                      <Button
                        className="mt-2"
                        variant={kits.has(k.id) ? "primary" : "secondary"}
                        disabled={!kits.has(k.id) && (!k.free || !!needs)}
                        aria-pressed={kits.has(k.id)}
                        onClick={() => toggle(setKits, k.id, k.name)}
                      >
                        {kits.has(k.id) ? `Remove ${k.name}` : `Add ${k.name}`}
                      </Button>
                    </li>
                  );
                })}
            </ul>
            {kitList.data?.length === 0 && (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">The office has not put any kits together yet.</p>
            )}
          </section>

          <section aria-labelledby="catalogue-heading" className="flex flex-col gap-3">
            <h2 id="catalogue-heading" className="text-lg font-semibold">
              Catalogue
            </h2>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label="Search"
                type="search"
                placeholder="Name, brand, model or tag"
                value={search}
                onChange={(e) => (setSearch(e.target.value), setPage(0))}
              />
              <Select
                label="Category"
                value={categoryId}
                onChange={(e) => (setCategoryId(e.target.value), setPage(0))}
                options={[
                  { value: "", label: "All categories" },
                  ...(categories.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.itemCount})` })),
                ]}
              />
            </div>
            <Checkbox
              label="Only what I may book"
              checked={onlyOpen}
              onChange={(e) => (setOnlyOpen(e.target.checked), setPage(0))}
              description="Untick to also see the gear your courses and certifications do not open, and what would open it."
            />
            {!rangeOk ? (
              <p className="text-sm">Choose when you need the gear to see what is free.</p>
            ) : catalogue.isError ? (
              <LoadError what="The catalogue" error={catalogue.error} onRetry={() => void catalogue.refetch()} />
            ) : (
              <>
                <ul
                  aria-label="Catalogue"
                  aria-busy={catalogue.isFetching}
                  className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
                >
                  {(catalogue.data?.items ?? []).map((i) => {
                    const picked = chosen.has(i.id);
                    const why = i.closed
                      ? i.closed.reason
                      : !i.certified
                        ? needsCertificationText([i.certification?.name ?? "one the office names"])
                        : !i.free
                          ? "Booked then"
                          : null;
                    return (
                      <li
                        key={i.id}
                        className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
                      >
                        <div className="flex min-w-0 items-center gap-3">
                          <Thumbnail url={i.photoUrl} name={i.name} />
                          <div className="min-w-0">
                            <Link
                              to={`/equipment/items/${i.id}`}
                              className="font-medium underline-offset-4 hover:underline"
                            >
                              {i.name}
                            </Link>
                            <p className="text-xs text-zinc-600 dark:text-zinc-400">
                              {i.category.name} · {[i.brand, i.model].filter(Boolean).join(" ")} ·{" "}
                              <span className="font-mono">{i.assetTag}</span>
                            </p>
                          </div>
                        </div>
                        <div className="flex items-center justify-between gap-2 sm:justify-end">
                          {i.closed ? (
                            <ClosedNote closed={i.closed} />
                          ) : why ? (
                            <Badge tone={i.certified ? "bad" : "warn"}>{why}</Badge>
                          ) : (
                            <Badge tone="good">Free</Badge>
                          )}
                          <Button
                            variant={picked ? "primary" : "secondary"}
                            disabled={!picked && !!why}
                            aria-pressed={picked}
                            aria-label={`${picked ? "Remove" : "Add"} ${i.name} ${i.assetTag}`}
                            onClick={() => toggle(setChosen, i.id, i.name)}
                          >
                            {picked ? "Remove" : "Add"}
                          </Button>
                        </div>
                      </li>
                    );
                  })}
                  {catalogue.data?.items.length === 0 && (
                    <li className="px-4 py-3 text-sm">Nothing matches. Try another search or category.</li>
                  )}
                </ul>
                <Pagination
                  page={page}
                  pageSize={PAGE}
                  total={catalogue.data?.total ?? 0}
                  onPage={setPage}
                  label="Catalogue pages"
                />
              </>
            )}
          </section>

          <section aria-labelledby="mine-heading" className="flex flex-col gap-2">
            <h2 id="mine-heading" className="text-lg font-semibold">
              Your reservations
            </h2>
            {mine.data?.items.length === 0 && (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing reserved yet.</p>
            )}
            <ul className="flex flex-col gap-2">
              {(mine.data?.items ?? []).map((r) => (
                <li
                  key={r.id}
                  className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium">
                      <Link to={`/project/${r.project.id}`} className="underline-offset-4 hover:underline">
                        {r.project.title}
                      </Link>{" "}
                      <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">
                        {rangeText(fmt, r.startsAt, r.endsAt)}
                      </span>
                    </p>
                    <div className="flex items-center gap-2">
                      <StateBadge r={r} />
                      {r.canCancel && (
                        <Button
                          variant="ghost"
                          onClick={() => setCancelling(r)}
                          aria-label={`Cancel the reservation for ${r.project.title}, ${rangeText(fmt, r.startsAt, r.endsAt)}`}
                        >
                          Cancel
                        </Button>
                      )}
                    </div>
                  </div>
                  {r.rejectReason && <p className="text-sm">Refused: {r.rejectReason}</p>}
                  {r.note && <p className="text-sm">{r.note}</p>}
                  <GateNote r={r} />
                  <ReservationItems r={r} />
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : (
        <div role="status" aria-label="Loading the catalogue" className="flex flex-col gap-6">
          <Skeleton className="h-56" />
          <Skeleton className="h-32" />
          <Skeleton className="h-96" />
        </div>
      )}
      <ConfirmDialog
        open={!!cancelling}
        title="Cancel this reservation?"
        confirmLabel="Cancel reservation"
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id)}
        onCancel={() => setCancelling(null)}
      >
        The gear for “{cancelling?.project.title}” goes back to the catalogue and someone else may book it.
      </ConfirmDialog>
    </div>
  );
}
