import { useRef } from "react";
import { DRAWING_LIMITS, type Drawing } from "../../../common/review.ts";

type Stroke = Drawing["strokes"][number];

/** A note's drawing over the picture: strokes in 0–1 of the frame, so it fits the player at any size. */
export function DrawingView({ drawing }: { drawing: Drawing }) {
  return (
    <svg
      viewBox="0 0 1 1"
      preserveAspectRatio="none"
      className="absolute inset-0 h-full w-full"
      role="img"
      aria-label="The note's drawing on the frame"
      data-testid="note-drawing"
    >
      {drawing.strokes.map((s, i) => (
        <StrokeLine key={i} stroke={s} />
      ))}
    </svg>
  );
}

const clamp = (n: number) => Math.min(1, Math.max(0, n));

/**
 * Drawing with the pointer (mouse, pen or finger) over the paused picture. The strokes are kept by the notes
 * panel and sent with the note; touch scrolling is turned off over the picture while drawing.
 */
export function DrawingPad({
  strokes,
  onChange,
  color = "#ef4444",
}: {
  strokes: Stroke[];
  onChange(strokes: Stroke[]): void;
  color?: string;
}) {
  const box = useRef<SVGSVGElement>(null);
  const drawing = useRef(false);
  const point = (e: React.PointerEvent): [number, number] => {
    const r = box.current!.getBoundingClientRect();
    return [clamp((e.clientX - r.left) / r.width), clamp((e.clientY - r.top) / r.height)];
  };
  return (
    <svg
      ref={box}
      viewBox="0 0 1 1"
      preserveAspectRatio="none"
      className="pointer-events-auto absolute inset-0 h-full w-full cursor-crosshair touch-none"
      aria-label="Draw on the frame"
      role="img"
      data-testid="drawing-pad"
      onPointerDown={(e) => {
        if (strokes.length >= DRAWING_LIMITS.strokes) return;
        drawing.current = true;
        e.currentTarget.setPointerCapture(e.pointerId);
        onChange([...strokes, { color, points: [point(e)] }]);
      }}
      onPointerMove={(e) => {
        if (!drawing.current) return;
        const last = strokes.at(-1);
        if (!last || last.points.length >= DRAWING_LIMITS.points) return;
        onChange([...strokes.slice(0, -1), { ...last, points: [...last.points, point(e)] }]);
      }}
      onPointerUp={() => (drawing.current = false)}
      onPointerCancel={() => (drawing.current = false)}
    >
      <rect x={0} y={0} width={1} height={1} fill="transparent" />
      {strokes.map((s, i) => (
        <StrokeLine key={i} stroke={s} />
      ))}
    </svg>
  );
}

/** One stroke, drawn the same while drawing and when shown with its note: its width does not scale with the frame. */
function StrokeLine({ stroke }: { stroke: Stroke }) {
  return (
    <polyline
      points={stroke.points.map(([x, y]) => `${x},${y}`).join(" ")}
      fill="none"
      stroke={stroke.color}
      strokeWidth={3}
      strokeLinecap="round"
      strokeLinejoin="round"
      vectorEffect="non-scaling-stroke"
    />
  );
}
