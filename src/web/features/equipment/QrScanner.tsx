import { useEffect, useRef, useState } from "react";
import { readScannedCode } from "../../../common/equipment.ts";
import { Button } from "../../components/ui/Button.tsx";
import { fetchItem } from "./api.ts";

/** The part of the Barcode Detection API used here; TypeScript's DOM library does not describe it yet. */
interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: { new (opts: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };
  }
}

type Decode = (video: HTMLVideoElement) => Promise<string | null>;

/**
 * The browser's own QR detector where it has one (Chrome on Android and macOS, Safari 17+); otherwise jsQR,
 * fetched only now, so the desk's first load and every other page stay without it.
 */
async function makeDecoder(): Promise<Decode> {
  if (
    window.BarcodeDetector &&
    (await window.BarcodeDetector.getSupportedFormats().catch((): string[] => [])).includes("qr_code")
  ) {
    const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  return async (video) => {
    // A smaller frame decodes faster; a label held up to a phone still fills much of it.
    const scale = Math.min(1, 640 / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/** The asset tag a scanned code names; a label's item page address is looked up to find its tag. */
async function tagOf(text: string): Promise<string | null> {
  const code = readScannedCode(text);
  if (!code) return null;
  if ("assetTag" in code) return code.assetTag;
  return (await fetchItem(code.itemId)).assetTag;
}

/**
 * "Scan with camera" beside a tag field: opens the back camera, reads QR labels (the item page address they
 * print, or a bare tag) and hands the tag to `onTag`. Typing the tag keeps working without a camera.
 */
export default function QrScanner({ label, onTag }: { label: string; onTag(tag: string): void }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setMessage("This browser cannot use a camera here (it needs a secure https address). Type the tag instead.");
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch {
        setMessage("The camera could not be opened: allow camera access for this site, or type the tag.");
        return;
      }
      if (stopped) return stop();
      const el = video.current!;
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      const decode = await makeDecoder();
      setMessage("Hold the label's QR code in front of the camera.");
      const tick = async () => {
        if (stopped) return;
        const text = el.readyState >= 2 ? await decode(el).catch(() => null) : null;
        if (text && !stopped) {
          const tag = await tagOf(text).catch(() => null);
          if (tag) {
            stop();
            setOpen(false);
            setMessage(null);
            onTag(tag);
            return;
          }
          setMessage("That code is not one of the portal's equipment labels.");
        }
        timer = setTimeout(() => void tick(), 150);
      };
      void tick();
    })();
    return stop;
  }, [open, onTag]);

  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" aria-expanded={open} onClick={() => (setOpen((o) => !o), setMessage(null))}>
        {open ? "Stop the camera" : label}
      </Button>
      {open && (
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera view for scanning a QR label"
          className="aspect-video w-full max-w-sm rounded-md bg-black object-cover"
        />
      )}
      {message && (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {message}
        </p>
      )}
    </div>
  );
}
