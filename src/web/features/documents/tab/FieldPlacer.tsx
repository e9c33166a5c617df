import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import {
  clampToPage,
  FIELD_DEFAULT_SIZE,
  FIELD_KIND_LABELS,
  FIELD_KINDS,
  pdfToScreen,
  screenToPdf,
  type Field,
  type FieldKind,
  type PageSize,
  type PdfBox,
} from "../../../../common/signature-fields.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { PdfPagesLoading } from "../PdfPagesLoading.tsx";

const PdfPages = lazy(() => import("../PdfPages.tsx").then((m) => ({ default: m.PdfPages })));

export type PlacedField = Field & { key: number };

/** One colour per signer, so whose field is whose shows at a glance. */
const TONES = [
  "border-amber-500 bg-amber-200/60 text-amber-950",
  "border-sky-500 bg-sky-200/60 text-sky-950",
  "border-emerald-500 bg-emerald-200/60 text-emerald-950",
  "border-fuchsia-500 bg-fuchsia-200/60 text-fuchsia-950",
  "border-orange-500 bg-orange-200/60 text-orange-950",
];
export const toneOf = (signer: number) => TONES[signer % TONES.length]!;

/** Where a field sits on its page, in percentages of the page, so it stays put at every zoom. */
export function percentBox(box: PdfBox, page: PageSize) {
  const b = pdfToScreen(box, page, { width: 100, height: 100 });
  return { left: `${b.left}%`, top: `${b.top}%`, width: `${b.width}%`, height: `${b.height}%` };
}

const DRAG_TYPE = "application/x-portal-field";
let nextKey = 1;

/** Placing needs room for a page and a pointer; a phone shows why it is not offered there. */
function useWide() {
  const query = "(min-width: 640px)";
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const m = window.matchMedia(query);
    const on = () => setWide(m.matches);
    m.addEventListener("change", on);
    return () => m.removeEventListener("change", on);
  }, []);
  return wide;
}

/**
 * The pages of the document with its fields on them: fields are dragged from the palette onto a page (or
 * added to the last page with the keyboard), then moved by dragging or with the arrow keys, resized by their
 * corner handle or the size buttons, and removed.
 */
export function FieldPlacer({
  data,
  title,
  signers,
  fields,
  onChange,
}: {
  data: Uint8Array;
  title: string;
  /** Everyone on the request in its order; `null` for someone who only receives a copy. */
  signers: (string | null)[];
  fields: PlacedField[];
  onChange(fields: PlacedField[]): void;
}) {
  const wide = useWide();
  const choosable = signers.flatMap((name, i) => (name === null ? [] : [{ i, name }]));
  const [signer, setSigner] = useState(choosable[0]?.i ?? 0);
  const [selected, setSelected] = useState<number | null>(null);
  const sizes = useRef(new Map<number, PageSize>());
  const current = fields.find((f) => f.key === selected);
  const forSigner = choosable.some((c) => c.i === signer) ? signer : (choosable[0]?.i ?? 0);

  if (!wide)
    return (
      <p
        role="status"
        className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
      >
        Placing fields needs a wider screen, such as a tablet or a computer. On a phone you can send the document
        without fields; each signature is then added on a page at the end.
      </p>
    );

  const update = (key: number, box: Partial<PdfBox> & { required?: boolean }) =>
    onChange(
      fields.map((f) => {
        if (f.key !== key) return f;
        const size = sizes.current.get(f.page);
        const next = { ...f, ...box };
        return size ? { ...next, ...clampToPage(next, size) } : next;
      }),
    );
  const remove = (key: number) => {
    onChange(fields.filter((f) => f.key !== key));
    setSelected(null);
  };
  const add = (kind: FieldKind, page: number, at: { x: number; top: number } | null) => {
    const size = sizes.current.get(page);
    if (!size) return;
    const d = FIELD_DEFAULT_SIZE[kind];
    // Without a drop point (the keyboard), a new field sits near the bottom of the last page, where signatures go.
    const box = at
      ? { x: at.x, y: size.height - at.top - d.height, ...d }
      : { x: size.width / 2 - d.width / 2, y: 72, ...d };
    const field: PlacedField = {
      key: nextKey++,
      signer: forSigner,
      kind,
      page,
      required: kind !== "text" && kind !== "checkbox",
      ...clampToPage(box, size),
    };
    onChange([...fields, field]);
    setSelected(field.key);
  };

  const overlay = (page: number, size: PageSize) => {
    sizes.current.set(page, size);
    return (
      <div
        data-testid={`field-drop-${page}`}
        className="h-full w-full"
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
        }}
        onDrop={(e) => {
          const kind = e.dataTransfer.getData(DRAG_TYPE) as FieldKind;
          if (!FIELD_KINDS.includes(kind)) return;
          e.preventDefault();
          const rect = e.currentTarget.getBoundingClientRect();
          const shown = { width: rect.width, height: rect.height };
          const p = screenToPdf(
            { left: e.clientX - rect.left, top: e.clientY - rect.top, width: 0, height: 0 },
            size,
            shown,
          );
          add(kind, page, { x: p.x, top: size.height - p.y });
        }}
      >
        {fields
          .filter((f) => f.page === page)
          .map((f) => (
            <PlacedBox
              key={f.key}
              field={f}
              page={size}
              signerName={signers[f.signer] ?? ""}
              selected={f.key === selected}
              onSelect={() => setSelected(f.key)}
              onMove={(box) => update(f.key, box)}
              onRemove={() => remove(f.key)}
            />
          ))}
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-56">
          <Select
            label="Fields for"
            value={String(forSigner)}
            options={choosable.map((c) => ({ value: String(c.i), label: c.name || `Person ${c.i + 1}` }))}
            onChange={(e) => setSigner(Number(e.target.value))}
          />
        </div>
        <div role="group" aria-label="Fields to place" className="flex flex-wrap gap-1">
          {FIELD_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(DRAG_TYPE, kind);
                e.dataTransfer.effectAllowed = "copy";
              }}
              onClick={() => add(kind, Math.max(1, ...sizes.current.keys()), null)}
              aria-label={`${FIELD_KIND_LABELS[kind]} field: drag onto a page, or press to add it to the last page`}
              className={`min-h-10 cursor-grab rounded-md border-2 border-dashed px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-amber-500 ${toneOf(forSigner)}`}
            >
              {FIELD_KIND_LABELS[kind]}
            </button>
          ))}
        </div>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Drag a field onto a page. Select a field to move it with the arrow keys (Shift moves further), resize it with
        its corner or the buttons, or remove it with Delete.
      </p>
      {current ? (
        <div role="group" aria-label="Selected field" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">
            {FIELD_KIND_LABELS[current.kind]} for {signers[current.signer] || `person ${current.signer + 1}`}, page{" "}
            {current.page}
          </span>
          <Button
            variant="secondary"
            onClick={() => update(current.key, { width: current.width * 0.8, height: current.height * 0.8 })}
          >
            Smaller
          </Button>
          <Button
            variant="secondary"
            onClick={() => update(current.key, { width: current.width * 1.25, height: current.height * 1.25 })}
          >
            Larger
          </Button>
          {current.kind !== "signature" && (
            <label className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={current.required}
                onChange={(e) => update(current.key, { required: e.target.checked })}
              />
              Required
            </label>
          )}
          <Button variant="ghost" onClick={() => remove(current.key)}>
            Remove Field
          </Button>
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {fields.length === 0 ? "No fields placed yet." : `${fields.length} fields placed.`}
        </p>
      )}
      <div className="h-[60dvh]">
        <Suspense fallback={<PdfPagesLoading compact />}>
          <PdfPages data={data} title={title} compact overlay={overlay} />
        </Suspense>
      </div>
    </div>
  );
}

function PlacedBox({
  field,
  page,
  signerName,
  selected,
  onSelect,
  onMove,
  onRemove,
}: {
  field: PlacedField;
  page: PageSize;
  signerName: string;
  selected: boolean;
  onSelect(): void;
  onMove(box: PdfBox): void;
  onRemove(): void;
}) {
  const drag = useRef<{ x: number; y: number; box: PdfBox; resize: boolean; scale: number } | null>(null);
  const box = { x: field.x, y: field.y, width: field.width, height: field.height };
  const start = (e: PointerEvent<HTMLElement>, resize: boolean) => {
    e.stopPropagation();
    onSelect();
    const rect = (e.currentTarget.closest("[data-testid^=field-drop]") as HTMLElement).getBoundingClientRect();
    drag.current = { x: e.clientX, y: e.clientY, box, resize, scale: page.width / rect.width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const move = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = (e.clientX - d.x) * d.scale;
    const dy = (e.clientY - d.y) * d.scale;
    // The PDF counts up from the bottom: dragging down lowers y, and a taller box keeps its top edge.
    onMove(
      d.resize
        ? { x: d.box.x, y: d.box.y - dy, width: d.box.width + dx, height: d.box.height + dy }
        : { ...d.box, x: d.box.x + dx, y: d.box.y - dy },
    );
  };
  const end = () => void (drag.current = null);
  const keys = (e: KeyboardEvent<HTMLElement>) => {
    const step = e.shiftKey ? 10 : 2;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      onMove({ ...box, x: box.x + m[0], y: box.y + m[1] });
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      onRemove();
    }
  };
  return (
    <div
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={`${FIELD_KIND_LABELS[field.kind]} field for ${signerName || `person ${field.signer + 1}`} on page ${field.page}`}
      onFocus={onSelect}
      onKeyDown={keys}
      onPointerDown={(e) => start(e, false)}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
      className={`absolute flex cursor-move touch-none items-center overflow-hidden rounded-sm border-2 px-1 text-xs font-medium select-none focus-visible:outline-2 focus-visible:outline-amber-500 ${toneOf(field.signer)} ${selected ? "ring-2 ring-zinc-900 dark:ring-white" : ""}`}
      style={percentBox(field, page)}
    >
      <span className="truncate">
        {FIELD_KIND_LABELS[field.kind]}
        {field.required ? " *" : ""}
      </span>
      <span
        aria-hidden
        onPointerDown={(e) => start(e, true)}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        className="absolute right-0 bottom-0 size-3 cursor-nwse-resize bg-zinc-900"
      />
    </div>
  );
}
