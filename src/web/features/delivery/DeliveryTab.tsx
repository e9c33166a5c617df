import { CheckCircle2, Circle, Download, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { type DeliveryItemState, type ProjectDeliveryDto } from "../../../common/delivery.ts";
import { DOCUMENT_CATEGORY_LABELS } from "../../../common/documents.ts";
import type { ProjectDetail } from "../../../common/project-api.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { useFormats } from "../../lib/format.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { uploadDocument, useDocumentChange } from "../documents/api.ts";
import { archivePath, useDelivery, useSignOffDelivery, useTickDelivery } from "./api.ts";

/** How an item ticks, in the words of the page. */
function ruleText(i: DeliveryItemState): string {
  switch (i.rule) {
    case "documents": {
      const where = i.category ? `${DOCUMENT_CATEGORY_LABELS[i.category]} documents` : "the documents";
      return i.titleHas
        ? `Ticks itself when ${where} hold one with “${i.titleHas}” in its title.`
        : `Ticks itself when ${where} hold one.`;
    }
    case "releases":
      return "Ticks itself when every scheduled location and cast member has a signed release.";
    case "permits":
      return "Ticks itself when every permit sent for signing is signed.";
    case "picture_lock":
      return "Ticks itself when the supervisor approves a cut's version as picture lock.";
    case "manual":
      return "Ticked by hand by the crew, staff or an admin.";
  }
}

/** The project's Delivery tab: the course's checklist with each item's state and why, the files, the sign-off, the archive. */
export function DeliveryTab({ project }: { project: ProjectDetail }) {
  const q = useDelivery(project.id);
  if (q.error) return <LoadError what="The delivery checklist" error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the delivery checklist…</p>;
  const d = q.data;
  const done = d.items.filter((i) => i.done).length;
  return (
    <section aria-labelledby="delivery-heading" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="delivery-heading" className="text-lg font-semibold">
            Delivery checklist
          </h2>
          <Badge tone={d.signOff ? "good" : d.complete ? "good" : "warn"}>
            {d.signOff ? "Signed off" : `${done} of ${d.items.length} done`}
          </Badge>
        </div>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {d.fromCourse ? `The checklist of the course ${d.fromCourse}.` : "The school's delivery checklist."} Most
          items tick themselves from what the project holds; a teacher signs the delivery off when every item is done,
          and that closes the production.
        </p>
      </div>
      <Items data={d} />
      {d.canEdit && !d.signOff && <DeliveryUpload projectId={project.id} />}
      <SignOff data={d} />
      {d.canEdit && <Archive projectId={project.id} signedOff={!!d.signOff} />}
    </section>
  );
}

function Items({ data }: { data: ProjectDeliveryDto }) {
  const fmt = useFormats();
  const tick = useTickDelivery(data.projectId);
  return (
    <ul
      aria-label="Delivery items"
      className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {data.items.map((i) => (
        <li key={i.key} className="flex items-start gap-3 px-4 py-3">
          {i.rule === "manual" && data.canEdit && !data.signOff ? (
            <input
              type="checkbox"
              aria-label={i.label}
              className="mt-0.5 size-5 shrink-0 accent-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 dark:accent-amber-400"
              checked={i.done}
              disabled={tick.isPending && tick.variables?.key === i.key}
              onChange={(e) => tick.mutate({ key: i.key, label: i.label, done: e.target.checked })}
            />
          ) : i.done ? (
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" />
          ) : (
            <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-zinc-400" />
          )}
          <div className="min-w-0 text-sm">
            <div className="font-medium">
              {i.label}
              <span className="sr-only">{i.done ? ": done" : ": not done"}</span>
            </div>
            <div className="text-xs break-words text-zinc-700 dark:text-zinc-300" data-testid={`delivery-why-${i.key}`}>
              {i.why}
              {i.doneAt && ` (${fmt.dateTime(i.doneAt)})`}
            </div>
            <div className="text-xs text-zinc-600 dark:text-zinc-400">{ruleText(i)}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The crew's delivery files go to the project's documents under Delivery, where the items look for them. */
function DeliveryUpload({ projectId }: { projectId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useLeaveGuard(!!file || title.trim() !== "", "the delivery file you chose");
  const upload = useDocumentChange(
    projectId,
    (f: File) => {
      const params = new URLSearchParams({ name: f.name, category: "delivery" });
      if (title.trim()) params.set("title", title.trim());
      return uploadDocument(projectId, undefined, f, params);
    },
    {
      success: (doc) => ["Delivery file uploaded", `“${doc.title}” is in the project's documents under Delivery.`],
      failure: "Not uploaded",
      onSuccess: () => {
        setFile(null);
        setTitle("");
        if (input.current) input.current.value = "";
      },
    },
  );
  return (
    <form
      aria-labelledby="delivery-files-heading"
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        if (file) upload.mutate(file);
      }}
    >
      <h3 id="delivery-files-heading" className="font-semibold">
        Upload a delivery file
      </h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        The poster, stills, the music cue sheet, the credits list, the final film: its title is what ticks the item, so
        name it after the thing (“Poster A2”, “Music cue sheet”).
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          File
          <input
            ref={input}
            type="file"
            className="text-sm"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setFile(f);
              if (f && !title.trim()) setTitle(f.name.replace(/\.[^.]+$/, ""));
            }}
          />
        </label>
        <Field label="Title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div>
        <Button type="submit" disabled={!file} busy={upload.isPending}>
          <Upload aria-hidden className="size-4" />
          Upload Delivery File
        </Button>
      </div>
    </form>
  );
}

function SignOff({ data }: { data: ProjectDeliveryDto }) {
  const fmt = useFormats();
  const [note, setNote] = useState("");
  const sign = useSignOffDelivery(data.projectId);
  useLeaveGuard(!data.signOff && note.trim() !== "", "your sign-off note");
  if (data.signOff)
    return (
      <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
        Delivery signed off by {data.signOff.byName} on {fmt.dateTime(data.signOff.at)}
        {data.signOff.note ? `: ${data.signOff.note}` : "."} The production is completed.
      </p>
    );
  if (!data.canSignOff)
    return (
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        When every item is done, the project's supervisor or a teacher of its course signs the delivery off.
      </p>
    );
  const open = data.items.filter((i) => !i.done);
  return (
    <form
      aria-labelledby="delivery-signoff-heading"
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        sign.mutate({ note: note.trim() || undefined }, { onSuccess: () => setNote("") });
      }}
    >
      <h3 id="delivery-signoff-heading" className="font-semibold">
        Sign off the delivery
      </h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {open.length === 0
          ? "Every item is done. Signing off moves the production to Completed, on the record."
          : `Open: ${open.map((i) => i.label).join(", ")}. The delivery can be signed off once every item is done.`}
      </p>
      <Textarea label="Note (optional)" value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
      <div>
        {/* Never disabled: a teacher who tries anyway is told by the server which items are open and why. */}
        <Button type="submit" busy={sign.isPending}>
          Sign Off Delivery
        </Button>
      </div>
    </form>
  );
}

function Archive({ projectId, signedOff }: { projectId: string; signedOff: boolean }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h3 className="font-semibold">Archive</h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        One ZIP of the chain of title: the screenplay, every signed release with its audit certificate, permits,
        certificates, the approved budget with its decision record, the call sheets, the daily production reports, and
        an index of every file with its date and SHA-256.{" "}
        {signedOff ? "" : "The delivery is not signed off yet; the index says so. "}Each download is recorded in the
        project's activity.
      </p>
      <div>
        <a
          href={archivePath(projectId)}
          download
          className="inline-flex items-center gap-2 rounded-md border border-zinc-300 px-3 py-2 text-sm font-medium hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          <Download aria-hidden className="size-4" />
          Download Archive (ZIP)
        </a>
      </div>
    </div>
  );
}
