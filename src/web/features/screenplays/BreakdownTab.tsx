import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Tag, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { elementCreateInput, type BreakdownDetail, type BreakdownScene } from "../../../common/breakdown-api.ts";
import type { ProjectDetail } from "../../../common/project-api.ts";
import { BREAKDOWN_CATEGORIES, CATEGORY_LABELS, type BreakdownCategory } from "../../../common/screenplay/breakdown.ts";
import type { ScreenplayDetail } from "../../../common/screenplay-api.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { api, errorText } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useLeaveGuard, useSaveShortcut } from "../../lib/useLeaveGuard.ts";
import { failed } from "../../lib/change.ts";
import { firstProblem } from "../../lib/first-problem.ts";
import {
  editorLink,
  screenplayPath,
  useProjectScreenplays,
  useBreakdown,
  screenplayKeys,
  breakdownPath,
} from "./api.ts";
import { CATEGORY_MARK as CHIP, MarkedText } from "./BreakdownMarks.tsx";
import { SafetyFlags } from "./SafetyFlags.tsx";

const CATEGORY_OPTIONS = BREAKDOWN_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }));

/** The project's breakdown: elements tagged per scene, element lists, and the safety flags the script suggests. */
export function BreakdownTab({ project }: { project: Pick<ProjectDetail, "id" | "title"> }) {
  const scripts = useProjectScreenplays(project.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const items = scripts.data?.items ?? [];
  const id = chosen && items.some((i) => i.id === chosen) ? chosen : (items[0]?.id ?? null);

  return (
    <section aria-labelledby="breakdown-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="breakdown-heading" className="text-lg font-semibold">
          Breakdown
        </h2>
        {items.length > 1 && (
          <Select
            label="Screenplay"
            value={id ?? ""}
            onChange={(e) => setChosen(e.target.value)}
            options={items.map((i) => ({ value: i.id, label: i.title }))}
          />
        )}
      </div>
      {scripts.isPending ? (
        <Skeleton className="h-40" />
      ) : scripts.isError ? (
        <p role="alert">{errorText(scripts.error)}</p>
      ) : !id ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          “{project.title}” has no screenplay yet. Write or import one in the Overview’s Screenplay place; its scenes
          are broken down here.
        </p>
      ) : (
        <Breakdown key={id} id={id} />
      )}
    </section>
  );
}

function Breakdown({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const query = useBreakdown(id);
  const [sceneNumber, setSceneNumber] = useState<string | null>(null);
  const onChanged = (d: BreakdownDetail) => queryClient.setQueryData(screenplayKeys.breakdown(id), d);
  const lock = useMutation({
    mutationFn: async () => {
      const detail = await api<ScreenplayDetail>(screenplayPath(id));
      await api<ScreenplayDetail>(`${screenplayPath(id)}/lock-scenes`, { json: { version: detail.version } });
    },
    onSuccess: () => {
      toast.success("Scene numbers locked");
      void queryClient.invalidateQueries({ queryKey: screenplayKeys.breakdown(id) });
      void queryClient.invalidateQueries({ queryKey: screenplayKeys.one(id) });
    },
    onError: failed("Scene numbers not locked"),
  });

  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) return <p role="alert">{errorText(query.error)}</p>;
  const b = query.data;
  const scene = b.scenes.find((s) => s.number === sceneNumber) ?? b.scenes.find((s) => !s.omitted) ?? b.scenes[0];

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Breaking down{" "}
        <Link className="font-medium underline underline-offset-4" to={editorLink(b.screenplayId)}>
          {b.title}
        </Link>
        . Select words in a scene and choose their category, or add an element by name.
      </p>
      {!b.locked && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <span>
            Elements stay with their scenes by locked scene number. Lock the numbers before tagging: a scene added later
            becomes an A-scene, a cut one OMITTED, and no tag moves.
          </span>
          {b.canEdit && (
            <Button variant="secondary" busy={lock.isPending} onClick={() => lock.mutate()}>
              Lock scene numbers
            </Button>
          )}
        </div>
      )}
      {b.locked && b.scenes.some((s) => s.provisional) && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <span>
            {new Intl.ListFormat("en").format(b.scenes.filter((s) => s.provisional).map((s) => `Scene ${s.number}`))}{" "}
            {b.scenes.filter((s) => s.provisional).length === 1 ? "was" : "were"} added after the numbers were locked.
            Lock again to write the new numbers into the script before tagging: until then a new scene's number can
            still change.
          </span>
          {b.canEdit && (
            <Button variant="secondary" busy={lock.isPending} onClick={() => lock.mutate()}>
              Lock scene numbers
            </Button>
          )}
        </div>
      )}
      {b.scenes.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">The script has no scenes yet.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
          <nav
            aria-label="Scenes"
            className="max-h-[32rem] overflow-y-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
          >
            <ul>
              {b.scenes.map((s) => (
                <li key={s.number}>
                  <button
                    type="button"
                    aria-current={s.number === scene?.number ? "true" : undefined}
                    onClick={() => setSceneNumber(s.number)}
                    className={cn(
                      "flex w-full items-start gap-2 border-b border-zinc-100 px-3 py-2 text-left text-sm last:border-0 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-800 dark:hover:bg-zinc-800",
                      s.number === scene?.number && "bg-amber-50 dark:bg-zinc-800",
                    )}
                  >
                    <span className="w-9 shrink-0 font-mono font-semibold">{s.number}</span>
                    <span className="min-w-0 flex-1">
                      <span className={cn("block truncate", s.omitted && "text-zinc-500 line-through")}>
                        {s.heading}
                      </span>
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">
                        {s.elements.length} element{s.elements.length === 1 ? "" : "s"}
                        {b.flags.some((f) => f.sceneNumber === s.number && f.status !== "dismissed") ? " · safety" : ""}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {scene && (
            <SceneSheet
              key={scene.number}
              screenplayId={id}
              scene={scene}
              canTag={b.canEdit && b.locked && !scene.provisional}
              onChanged={onChanged}
            />
          )}
        </div>
      )}
      <SafetyFlags breakdown={b} onChanged={onChanged} />
      <ElementLists breakdown={b} />
    </div>
  );
}

function SceneSheet({
  screenplayId,
  scene,
  canTag,
  onChanged,
}: {
  screenplayId: string;
  scene: BreakdownScene;
  canTag: boolean;
  onChanged(d: BreakdownDetail): void;
}) {
  const [name, setName] = useState("");
  const [category, setCategory] = useState<BreakdownCategory>("props");
  const [error, setError] = useState<string | null>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const categoryId = `breakdown-category-${scene.number}`;
  useLeaveGuard(name.trim() !== "", `the element “${name.trim()}” you were tagging in scene ${scene.number}`);
  const onSaveKey = useSaveShortcut();
  const add = useMutation({
    mutationFn: (v: { category: BreakdownCategory; name: string }) =>
      api<BreakdownDetail>(`${breakdownPath(screenplayId)}/elements`, { json: { sceneNumber: scene.number, ...v } }),
    onSuccess: (d, v) => {
      toast.success(`Tagged as ${CATEGORY_LABELS[v.category].toLowerCase()}`, { description: v.name });
      setName("");
      onChanged(d);
    },
    onError: failed("Element not tagged"),
  });
  const remove = useMutation({
    mutationFn: (elementId: string) =>
      api<BreakdownDetail>(`${breakdownPath(screenplayId)}/elements/${elementId}`, { method: "DELETE" }),
    onSuccess: onChanged,
    onError: failed("Element not removed"),
  });
  // Selected words of the scene become the element's name; the category is the next choice.
  const takeSelection = () => {
    const sel = window.getSelection();
    const text = sel?.toString().replace(/\s+/g, " ").trim();
    if (!canTag || !sel || !text || !textRef.current?.contains(sel.anchorNode)) return;
    setName(text.slice(0, 120));
    setError(null);
    document.getElementById(categoryId)?.focus();
  };
  useEffect(() => setError(null), [scene.number]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = firstProblem(elementCreateInput, { sceneNumber: scene.number, category, name });
    setError(problem?.message ?? null);
    if (!problem) add.mutate({ category, name });
  };
  const castTagged = new Set(scene.elements.filter((e) => e.category === "cast").map((e) => e.name.toUpperCase()));
  const castSuggestions = scene.characters.filter((c) => !castTagged.has(c));
  const byCategory = BREAKDOWN_CATEGORIES.map((c) => ({
    category: c,
    elements: scene.elements.filter((e) => e.category === c),
  })).filter((g) => g.elements.length);

  return (
    <section
      aria-labelledby="scene-sheet-heading"
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 id="scene-sheet-heading" className="font-semibold">
        Scene {scene.number} · {scene.heading}
      </h3>
      {scene.omitted ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          This scene is no longer in the script. Its elements are kept until you remove them.
        </p>
      ) : (
        <div>
          <div
            ref={textRef}
            role="document"
            aria-label={`Text of scene ${scene.number}`}
            onMouseUp={takeSelection}
            onKeyUp={(e) => e.shiftKey && takeSelection()}
            tabIndex={0}
            className="max-h-72 overflow-y-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-sm whitespace-pre-wrap text-zinc-900 selection:bg-amber-200 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
          >
            <MarkedText text={scene.text} elements={scene.elements} />
          </div>
          {canTag && (
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
              Select words above (mouse, or Shift and the arrow keys) to tag them.
            </p>
          )}
        </div>
      )}
      {canTag && (
        <form
          onSubmit={submit}
          onKeyDown={onSaveKey}
          noValidate
          className="grid items-end gap-2 sm:grid-cols-[1fr_12rem_auto]"
        >
          <Field
            label="Element"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error ?? undefined}
            placeholder="e.g. Revolver"
          />
          <Select
            id={categoryId}
            label="Category"
            value={category}
            onChange={(e) => setCategory(e.target.value as BreakdownCategory)}
            options={CATEGORY_OPTIONS}
          />
          <Button type="submit" busy={add.isPending} className={error ? "sm:mb-6" : undefined}>
            <Tag aria-hidden className="size-4" />
            Tag
          </Button>
        </form>
      )}
      {canTag && castSuggestions.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-zinc-700 dark:text-zinc-300">Speaking in this scene:</span>
          {castSuggestions.map((c) => (
            <Button key={c} variant="secondary" onClick={() => add.mutate({ category: "cast", name: c })}>
              Add {c} to cast
            </Button>
          ))}
        </div>
      )}
      {byCategory.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">Nothing tagged in this scene yet.</p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2">
          {byCategory.map((g) => (
            <div key={g.category}>
              <dt className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
                {CATEGORY_LABELS[g.category]}
              </dt>
              <dd className="mt-1 flex flex-wrap gap-1.5">
                {g.elements.map((e) => (
                  <span
                    key={e.id}
                    className={cn(
                      "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm ring-1",
                      CHIP[g.category],
                    )}
                  >
                    {e.name}
                    {canTag && (
                      <button
                        type="button"
                        aria-label={`Remove ${e.name} (${CATEGORY_LABELS[g.category].toLowerCase()})`}
                        className="rounded-full p-0.5 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-amber-500"
                        disabled={remove.isPending && remove.variables === e.id}
                        onClick={() => remove.mutate(e.id)}
                      >
                        <X aria-hidden className="size-3.5" />
                      </button>
                    )}
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function ElementLists({ breakdown: b }: { breakdown: BreakdownDetail }) {
  return (
    <section aria-labelledby="lists-heading" className="flex flex-col gap-2">
      <h3 id="lists-heading" className="font-semibold">
        Element lists
      </h3>
      {b.lists.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Tagged elements are listed here by category, with the scenes they appear in.
        </p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {b.lists.map((l) => (
            <div
              key={l.category}
              className="overflow-x-auto rounded-md border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
            >
              <table className="w-full text-sm">
                <caption className="px-3 py-2 text-left font-semibold">{CATEGORY_LABELS[l.category]}</caption>
                <thead className="border-y border-zinc-200 bg-zinc-50 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-400">
                  <tr>
                    <th scope="col" className="px-3 py-1.5 text-left font-medium">
                      Element
                    </th>
                    <th scope="col" className="px-3 py-1.5 text-left font-medium">
                      Scenes
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {l.items.map((i) => (
                    <tr key={i.name} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                      <td className="px-3 py-1.5">{i.name}</td>
                      <td className="px-3 py-1.5 font-mono">{i.scenes.join(", ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
