import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type ReactNode } from "react";
import { frameToMs, msToFrame, timecodeAt, type FrameRate } from "../../../common/timecode.ts";
import { cn } from "../../lib/cn.ts";

/** A point (or range) on the timeline: a note's place, shown as a mark the viewer can click to seek to it. */
export interface TimelineMarker {
  id: string;
  atMs: number;
  endMs: number | null;
  resolved: boolean;
  label: string;
}

export interface PlayerHandle {
  seek(ms: number): void;
  pause(): void;
  play(): void;
  currentMs(): number;
  /** The video element, for a second player kept in sync with this one. */
  video(): HTMLVideoElement | null;
}

export interface PlayerProps {
  src: string;
  poster?: string;
  rate: FrameRate;
  startTimecode: string | null;
  /** Milliseconds, from the file when known, else from the video once loaded. */
  durationMs?: number | null;
  markers?: TimelineMarker[];
  onMarker?(id: string): void;
  onTime?(ms: number): void;
  /** Drawn over the picture, at its size (a note's drawing). */
  overlay?: ReactNode;
  /** Names the video for screen readers: "Rough cut, version 2". */
  label: string;
}

export const SPEEDS = [0.5, 1, 1.5, 2] as const;

/**
 * The review player: timecode from the file's start timecode, frame stepping (buttons, and ←/→ while paused),
 * speeds, a timeline with the notes' marks. Plays inline on a phone. Seeking sits on a frame's start, so the
 * frame shown is the frame the timecode names.
 */
export const Player = forwardRef<PlayerHandle, PlayerProps>(function Player(
  { src, poster, rate, startTimecode, durationMs, markers = [], onMarker, onTime, overlay, label },
  ref,
) {
  const video = useRef<HTMLVideoElement>(null);
  const [ms, setMs] = useState(0);
  const [length, setLength] = useState<number>(durationMs ?? 0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(1);

  const seek = useCallback(
    (to: number) => {
      const v = video.current;
      if (!v) return;
      const frame = msToFrame(Math.max(0, Math.min(to, length || to)), rate);
      // The middle of the frame, so the browser's rounding of currentTime cannot land on the frame before.
      const t = (frameToMs(frame, rate) + frameToMs(1, rate) / 2) / 1000;
      v.currentTime = t;
      setMs(frameToMs(frame, rate));
    },
    [length, rate],
  );

  useImperativeHandle(
    ref,
    () => ({
      seek,
      pause: () => video.current?.pause(),
      play: () => void video.current?.play(),
      currentMs: () => (video.current ? video.current.currentTime * 1000 : 0),
      video: () => video.current,
    }),
    [seek],
  );

  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed]);

  const step = (frames: number) => {
    video.current?.pause();
    seek(frameToMs(msToFrame(ms, rate) + frames, rate));
  };

  const total = length || 1;
  return (
    <div className="flex flex-col gap-2">
      <div className="relative overflow-hidden rounded-md bg-black">
        <video
          ref={video}
          src={src}
          poster={poster}
          playsInline
          preload="metadata"
          aria-label={label}
          className="block aspect-video w-full"
          onLoadedMetadata={(e) => {
            if (!durationMs) setLength(e.currentTarget.duration * 1000);
          }}
          onTimeUpdate={(e) => {
            const now = e.currentTarget.currentTime * 1000;
            setMs(now);
            onTime?.(now);
          }}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onKeyDown={(e) => {
            if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
              e.preventDefault();
              step(e.key === "ArrowLeft" ? -1 : 1);
            } else if (e.key === " ") {
              e.preventDefault();
              if (video.current?.paused) void video.current.play();
              else video.current?.pause();
            }
          }}
          tabIndex={0}
        />
        {overlay ? <div className="pointer-events-none absolute inset-0">{overlay}</div> : null}
      </div>

      {/* Never aria-hidden: the position slider in it is a control (axe: aria-hidden-focus). */}
      <div className="relative h-6">
        <input
          type="range"
          min={0}
          max={Math.round(total)}
          step={frameToMs(1, rate)}
          value={Math.round(ms)}
          aria-label="Position"
          aria-valuetext={timecodeAt(ms, rate, startTimecode)}
          onChange={(e) => seek(Number(e.target.value))}
          className="absolute inset-x-0 top-1 w-full accent-amber-500"
        />
        {markers.map((m) => (
          <button
            key={m.id}
            type="button"
            title={m.label}
            aria-label={`Go to note: ${m.label}`}
            onClick={() => {
              video.current?.pause();
              seek(m.atMs);
              onMarker?.(m.id);
            }}
            className={cn("absolute top-0 h-2 min-w-2 rounded-sm", m.resolved ? "bg-zinc-400" : "bg-amber-500")}
            style={{
              left: `${(m.atMs / total) * 100}%`,
              width: m.endMs ? `${(Math.max(0, m.endMs - m.atMs) / total) * 100}%` : undefined,
            }}
          />
        ))}
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => (playing ? video.current?.pause() : void video.current?.play())}
          className="rounded-md border border-zinc-300 p-2 dark:border-zinc-700"
          aria-label={playing ? "Pause" : "Play"}
        >
          {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
        </button>
        <button
          type="button"
          onClick={() => step(-1)}
          className="rounded-md border border-zinc-300 p-2 dark:border-zinc-700"
          aria-label="Previous frame"
        >
          <ChevronLeft size={16} aria-hidden />
        </button>
        <button
          type="button"
          onClick={() => step(1)}
          className="rounded-md border border-zinc-300 p-2 dark:border-zinc-700"
          aria-label="Next frame"
        >
          <ChevronRight size={16} aria-hidden />
        </button>
        <output className="font-mono text-sm tabular-nums" aria-label="Timecode" data-testid="timecode">
          {timecodeAt(ms, rate, startTimecode)}
        </output>
        <label className="ml-auto flex items-center gap-1 text-sm">
          Speed
          <select
            value={speed}
            onChange={(e) => setSpeed(Number(e.target.value))}
            className="rounded-md border border-zinc-300 bg-white px-1 py-1 dark:border-zinc-700 dark:bg-zinc-900"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
});
