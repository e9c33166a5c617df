import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/Button.tsx";

/** The canvas's own pixels: a 16:9 frame, sharp enough to print a third of an A4 page wide. */
const W = 960;
const H = 540;

/**
 * A storyboard sketch on a white 16:9 canvas with pointer events (mouse, pen, touch); strokes are drawn into
 * the pixels at once, so what is saved is exactly what is seen. `onChange` gets the canvas once something is
 * drawn (null after Clear), for the owner to save as PNG.
 */
export function FrameCanvas({ label, onChange }: { label: string; onChange(canvas: HTMLCanvasElement | null): void }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const last = useRef<[number, number] | null>(null);
  const [inked, setInked] = useState(false);

  const blank = () => {
    const ctx = ref.current?.getContext("2d");
    if (!ctx) return;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, W, H);
  };
  useEffect(blank, []);

  const ink = () => {
    if (inked) return;
    setInked(true);
    onChange(ref.current);
  };
  const point = (e: React.PointerEvent<HTMLCanvasElement>): [number, number] => {
    const r = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - r.left) / r.width) * W, ((e.clientY - r.top) / r.height) * H];
  };
  const line = (from: [number, number], to: [number, number]) => {
    const ctx = ref.current?.getContext("2d");
    if (!ctx) return;
    ctx.strokeStyle = "#18181b";
    ctx.lineWidth = 4;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.beginPath();
    ctx.moveTo(...from);
    ctx.lineTo(...to);
    ctx.stroke();
  };

  return (
    <div className="flex flex-col gap-2">
      <canvas
        ref={ref}
        width={W}
        height={H}
        role="img"
        aria-label={label}
        data-testid="frame-canvas"
        className="aspect-video w-full cursor-crosshair touch-none rounded border border-zinc-300 bg-white dark:border-zinc-700"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const p = point(e);
          last.current = p;
          line(p, p);
          ink();
        }}
        onPointerMove={(e) => {
          if (!last.current) return;
          const p = point(e);
          line(last.current, p);
          last.current = p;
        }}
        onPointerUp={() => (last.current = null)}
        onPointerCancel={() => (last.current = null)}
      />
      <div>
        <Button
          variant="secondary"
          disabled={!inked}
          onClick={() => {
            blank();
            setInked(false);
            onChange(null);
          }}
        >
          Clear
        </Button>
      </div>
    </div>
  );
}
