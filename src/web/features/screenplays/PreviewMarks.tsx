import { useMemo, useState } from "react";
import type { ScreenplayDetail } from "../../../common/screenplay-api.ts";
import { Switch } from "../../components/ui/Switch.tsx";
import { MarksLegend, type MarkElement } from "./BreakdownMarks.tsx";
import type { SceneMarks } from "./ScriptPreview.tsx";
import { useBreakdown } from "./api.ts";

/** Kept on this device: a writer who turned the colours off is not shown them again on the next script. */
const STORAGE_KEY = "portal-preview-breakdown-colours";

function readShown(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== "off";
  } catch {
    return true;
  }
}

/**
 * The breakdown's marks for the editor's page preview: the tagged elements of each scene, when the screenplay
 * belongs to a project and something is tagged; `marks` is absent while the writer has them turned off.
 */
export function usePreviewMarks(detail: ScreenplayDetail) {
  const breakdown = useBreakdown(detail.id, !!detail.project);
  const [shown, setShown] = useState(readShown);
  const byScene = useMemo(() => {
    const map = new Map<string, readonly MarkElement[]>();
    for (const s of breakdown.data?.scenes ?? []) if (!s.omitted && s.elements.length) map.set(s.number, s.elements);
    return map as SceneMarks;
  }, [breakdown.data]);
  const elements = useMemo(() => [...byScene.values()].flat(), [byScene]);
  const show = (on: boolean) => {
    setShown(on);
    try {
      localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
    } catch {
      // storage can be off (private windows): the choice holds for this visit
    }
  };
  return { marks: shown && byScene.size > 0 ? byScene : undefined, elements, shown, show };
}

/** The switch and, while it is on, what each colour means; nothing when no element is tagged. */
export function PreviewMarksBar({
  elements,
  shown,
  onChange,
}: {
  elements: readonly MarkElement[];
  shown: boolean;
  onChange(on: boolean): void;
}) {
  if (elements.length === 0) return null;
  return (
    <div className="mb-2 flex flex-col gap-2 rounded-md border border-zinc-200 bg-white p-2 dark:border-zinc-800 dark:bg-zinc-900">
      <Switch
        label="Show breakdown colours"
        description="Tagged elements' words in their category's colour, as on the Breakdown tab."
        checked={shown}
        onChange={onChange}
      />
      {shown && <MarksLegend elements={elements} />}
    </div>
  );
}
