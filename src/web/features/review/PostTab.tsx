import { Film, Pause, Play, Upload as UploadIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { ProjectDetail } from "../../../common/project-api.ts";
import {
  CUT_ACCEPTED,
  cutTitleSchema,
  DECISION_LABELS,
  type CutSummary,
  type CutVersionSummary,
} from "../../../common/review.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Badge, type BadgeTone } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { useFormats } from "../../lib/format.ts";
import { cutPagePath, mediaPath, useCuts, useCutUpload, useUnfinishedUploads, type UploadTarget } from "./media-api.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";

/** The file types a browser's picker offers first; the server still checks what the file contains. */
const PICKER_TYPES = "video/*,.mov,.mp4,.m4v,.mkv,.webm,.mxf";

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[u]}`;
}

/** The project's Post tab: its cuts and their versions, a new cut, a new version, and each upload's progress. */
export function PostTab({ project }: { project: ProjectDetail }) {
  const q = useCuts(project.id);
  if (q.error) return <LoadError what="The cuts" error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the cuts…</p>;
  return (
    <section aria-labelledby="post-heading" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id="post-heading" className="text-lg font-semibold">
          Post-production
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Upload each cut of the film as you export it. Every upload is a new version (v1, v2, …) that the supervisor
          and the crew watch and give notes on at a timecode. The portal makes a web copy of each version so it plays on
          any laptop or phone; the original stays as you uploaded it.
        </p>
      </div>
      {project.canEdit && <NewCut projectId={project.id} />}
      {q.data.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No cuts yet.</p>
      ) : (
        <ul aria-label="Cuts" className="flex flex-col gap-4">
          {q.data.map((c) => (
            <CutItem key={c.id} cut={c} projectId={project.id} canUpload={project.canEdit} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NewCut({ projectId }: { projectId: string }) {
  const [title, setTitle] = useState("");
  useLeaveGuard(title.trim() !== "", "the new cut's title");
  const [error, setError] = useState<string>();
  const parsed = cutTitleSchema.safeParse(title);
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="font-medium">New cut</h3>
      <Field
        label="Title of the cut"
        hint="For example “Rough cut” or “Fine cut”."
        value={title}
        error={error}
        onChange={(e) => {
          setTitle(e.target.value);
          setError(undefined);
        }}
      />
      <UploadControl
        target={{ projectId, title: parsed.success ? parsed.data : title }}
        label="Video file of the new cut"
        button="Upload new cut"
        check={() => {
          if (parsed.success) return true;
          setError(parsed.error.issues[0]?.message);
          return false;
        }}
        onDone={() => setTitle("")}
      />
    </div>
  );
}

function CutItem({ cut, projectId, canUpload }: { cut: CutSummary; projectId: string; canUpload: boolean }) {
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-medium">
        <Film aria-hidden className="size-4" />
        {cut.title}
      </h3>
      {cut.versions.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No version uploaded yet.</p>
      ) : (
        <ul aria-label={`Versions of ${cut.title}`} className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {[...cut.versions].reverse().map((v) => (
            <VersionItem key={v.id} v={v} href={cutPagePath(projectId, cut.id, v.id)} />
          ))}
        </ul>
      )}
      {canUpload && (
        <UploadControl
          target={{ cutId: cut.id }}
          label={`Video file of the next version of ${cut.title}`}
          button="Upload new version"
        />
      )}
    </li>
  );
}

function proxyBadge(v: CutVersionSummary): [BadgeTone, string] {
  switch (v.proxyStatus) {
    case "ready":
      return ["good", "Web copy ready"];
    case "running":
      return ["neutral", `Making the web copy: ${Math.round(v.proxyProgress * 100)}%`];
    case "waiting":
      return ["neutral", "Web copy waiting its turn"];
    case "failed":
      return ["bad", "Web copy failed"];
    case "no_ffmpeg":
      return ["warn", "No web copy: the server lacks ffmpeg"];
  }
}

function VersionItem({ v, href }: { v: CutVersionSummary; href: string }) {
  const fmt = useFormats();
  const [tone, text] = proxyBadge(v);
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      {v.hasPoster ? (
        <img src={mediaPath(v.id, "poster")} alt="" className="aspect-video w-24 rounded object-cover" loading="lazy" />
      ) : (
        <div aria-hidden className="aspect-video w-24 rounded bg-zinc-100 dark:bg-zinc-800" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={href} className="font-medium break-all underline underline-offset-4">
          v{v.number} · {v.fileName}
        </Link>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Uploaded by {v.uploadedByName} on {fmt.dateTime(v.createdAt)} · {formatBytes(v.fileSize)}
          {v.openNotes > 0 && ` · ${v.openNotes} open ${v.openNotes === 1 ? "note" : "notes"}`}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={tone}>{text}</Badge>
          {v.decision && (
            <Badge tone={v.decision === "approved" ? "good" : "warn"}>
              {v.pictureLock ? "Picture lock" : DECISION_LABELS[v.decision]}
            </Badge>
          )}
        </div>
        {v.proxyStatus === "running" && (
          <progress
            className="h-2 w-full max-w-xs"
            max={1}
            value={v.proxyProgress}
            aria-label={`Web copy of v${v.number}`}
          />
        )}
        {v.proxyStatus === "failed" && v.proxyError && (
          <p className="text-sm text-red-700 dark:text-red-400">{v.proxyError}</p>
        )}
        {v.proxyStatus === "no_ffmpeg" && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            The original plays where the browser can play it; the web copy is made once ffmpeg is installed.
          </p>
        )}
      </div>
    </li>
  );
}

/** A file picker with its upload: progress, pause and resume, and the server's words when it refuses the file. */
function UploadControl({
  target,
  label,
  button,
  check,
  onDone,
}: {
  target: UploadTarget;
  label: string;
  button: string;
  check?: () => boolean;
  onDone?: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const up = useCutUpload(target, () => {
    setFile(null);
    if (input.current) input.current.value = "";
    onDone?.();
  });
  const unfinished = useUnfinishedUploads(target, up.state.status);
  const inputId = useId();
  const busy = up.state.status === "uploading" || up.state.status === "paused";
  const percent = up.state.total ? Math.floor((up.state.sent / up.state.total) * 100) : 0;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={PICKER_TYPES}
        disabled={busy}
        aria-describedby={`${inputId}-hint`}
        className="text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-2 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <p id={`${inputId}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
        {CUT_ACCEPTED}. A dropped connection does not lose what was sent: the upload goes on by itself, or choose the
        same file again after a reload.
      </p>
      {unfinished.length > 0 && !busy && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          Unfinished here: {unfinished.map((u) => u.metadata.filename ?? "a file").join(", ")}. Choose the same file
          again to go on where it stopped.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {!busy && (
          <Button
            disabled={!file}
            onClick={() => {
              if (file && (check?.() ?? true)) void up.start(file);
            }}
          >
            <UploadIcon aria-hidden className="size-4" />
            {button}
          </Button>
        )}
        {up.state.status === "uploading" && (
          <Button variant="secondary" onClick={up.pause}>
            <Pause aria-hidden className="size-4" />
            Pause
          </Button>
        )}
        {up.state.status === "paused" && (
          <Button variant="secondary" onClick={up.resume}>
            <Play aria-hidden className="size-4" />
            Resume
          </Button>
        )}
      </div>
      {busy && (
        <div className="flex flex-col gap-1">
          <progress
            className="h-2 w-full max-w-md"
            max={100}
            value={percent}
            aria-label={`Upload of ${up.state.fileName ?? "the file"}`}
          />
          <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
            {up.state.status === "paused" ? "Paused at" : "Uploading"} {percent}% ({formatBytes(up.state.sent)} of{" "}
            {formatBytes(up.state.total)})
          </p>
        </div>
      )}
      {up.state.status === "done" && (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          Uploaded {up.state.fileName}. The web copy is being made.
        </p>
      )}
      {up.state.status === "failed" && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-400">
          <span>{up.state.error}</span>
          {up.state.error?.startsWith("The connection") || up.state.error?.startsWith("The upload stopped") ? (
            <Button variant="secondary" onClick={up.resume}>
              Resume
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
