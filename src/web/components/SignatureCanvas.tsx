import { useEffect, useRef } from "react";
import SignaturePad from "signature_pad";
import { Button } from "./ui/Button.tsx";

/**
 * A box to draw a signature in with a finger, a pen or the mouse, and its Clear button. `onChange` gets the drawing as
 * a PNG data address after each stroke, and null when it is cleared (resizing the page clears it too).
 */
export function SignatureCanvas({ label, onChange }: { label: string; onChange(png: string | null): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const p = new SignaturePad(el, { penColor: "#111827", backgroundColor: "rgba(0,0,0,0)" });
    // The canvas is drawn at the screen's density and resized with the page; resizing clears it.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext("2d")!.scale(ratio, ratio);
      p.clear();
      changed.current(null);
    };
    p.addEventListener("endStroke", () => changed.current(p.isEmpty() ? null : p.toDataURL("image/png")));
    fit();
    window.addEventListener("resize", fit);
    pad.current = p;
    return () => {
      window.removeEventListener("resize", fit);
      p.off();
      pad.current = null;
    };
  }, []);

  return (
    <div className="flex flex-col gap-2">
      <canvas
        ref={canvas}
        aria-label={label}
        className="h-44 w-full touch-none rounded-md border-2 border-dashed border-zinc-400 bg-white"
      />
      <Button
        variant="ghost"
        className="self-end"
        onClick={() => {
          pad.current?.clear();
          onChange(null);
        }}
      >
        Clear
      </Button>
    </div>
  );
}
