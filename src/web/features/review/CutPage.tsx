import { ArrowLeft } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { DECISION_LABELS, type CutReview, type CutVersionSummary, type ReviewNote } from "../../../common/review.ts";
import { rateOf, timecodeAt } from "../../../common/timecode.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { useCarryNotes, useCutReview, useDecide, useNotes, mediaPath } from "./api.ts";
import { DrawingPad, DrawingView } from "./Drawing.tsx";
import { NotesPanel, type NoteDraft } from "./NotesPanel.tsx";
import { ReviewLinksPanel } from "./ReviewLinksPanel.tsx";
import { Player, type PlayerHandle, type TimelineMarker } from "./Player.tsx";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";

/** The proxy once it is made, else the original as uploaded (a browser plays many originals). */
const srcOf = (v: CutVersionSummary) => mediaPath(v.id, v.proxyStatus === "ready" ? "proxy" : "original");
const posterOf = (v: CutVersionSummary) => (v.hasPoster ? mediaPath(v.id, "poster") : undefined);

/**
 * One player drives the other, as an editor compares two versions: play, pause, seek and speed follow the first,
 * and a drift past two frames is pulled back while playing.
 */
function useSync(lead: PlayerHandle | null, follow: PlayerHandle | null, on: boolean) {
  useEffect(() => {
    const a = lead?.video();
    const b = follow?.video();
    if (!on || !a || !b) return;
    const align = (tolerance: number) => {
      if (Math.abs(b.currentTime - a.currentTime) > tolerance) b.currentTime = a.currentTime;
    };
    const handlers: [string, () => void][] = [
      ["play", () => void b.play().catch(() => undefined)],
      ["pause", () => (b.pause(), align(0))],
      ["seeked", () => align(0)],
      ["ratechange", () => (b.playbackRate = a.playbackRate)],
      ["timeupdate", () => align(0.08)],
    ];
    for (const [ev, fn] of handlers) a.addEventListener(ev, fn);
    b.playbackRate = a.playbackRate;
    align(0);
    return () => {
      for (const [ev, fn] of handlers) a.removeEventListener(ev, fn);
    };
  }, [lead, follow, on]);
}

/** /project/:id/cut/:cutId?v=<versionId> — a cut's versions, played and reviewed with timecoded notes. */
export default function CutPage() {
  const { id = "", cutId = "" } = useParams();
  const review = useCutReview(cutId);
  const back = (
    <Link
      className="inline-flex items-center gap-1 text-sm underline underline-offset-4"
      to={`/project/${review.data?.cut.projectId ?? id}`}
    >
      <ArrowLeft aria-hidden className="size-4" />
      {review.data ? `Back to ${review.data.projectTitle}` : "Back to the project"}
    </Link>
  );
  if (review.error)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <LoadError what="The cut" error={review.error} onRetry={() => void review.refetch()} />
      </div>
    );
  if (!review.data)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Skeleton className="h-96" />
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      {back}
      <CutReviewView review={review.data} />
    </div>
  );
}

function CutReviewView({ review }: { review: CutReview }) {
  const [params, setParams] = useSearchParams();
  const versions = review.cut.versions;
  const version = versions.find((v) => v.id === params.get("v")) ?? versions.at(-1);
  const [compareId, setCompareId] = useState<string | null>(null);
  const compare = versions.find((v) => v.id === compareId && v.id !== version?.id) ?? null;
  const [lead, setLead] = useState<PlayerHandle | null>(null);
  const [follow, setFollow] = useState<PlayerHandle | null>(null);
  useSync(lead, follow, !!compare);
  const [nowMs, setNowMs] = useState(0);
  const [selected, setSelected] = useState<ReviewNote | null>(null);
  const [draft, setDraft] = useState<NoteDraft>({ inMs: null, strokes: [], drawingOn: false });
  const notes = useNotes(version?.id);
  const leadRef = useRef<PlayerHandle | null>(null);
  // One rate object per version: the player's handle follows its rate, and a new handle re-renders this page.
  const rate = useMemo(() => rateOf(version ?? { fpsNum: null, fpsDen: null }), [version?.fpsNum, version?.fpsDen]);
  const compareRate = useMemo(
    () => rateOf(compare ?? { fpsNum: null, fpsDen: null }),
    [compare?.fpsNum, compare?.fpsDen],
  );
  const leadCallback = useCallback((h: PlayerHandle | null) => {
    leadRef.current = h;
    setLead(h);
  }, []);

  const markers: TimelineMarker[] = useMemo(() => {
    if (!version) return [];
    const rate = rateOf(version);
    return (notes.data ?? []).map((n) => ({
      id: n.id,
      atMs: n.atMs,
      endMs: n.endMs,
      resolved: !!n.resolvedAt,
      label: `${timecodeAt(n.atMs, rate, version.startTimecode)} ${n.authorName}: ${n.body.slice(0, 60)}`,
    }));
  }, [notes.data, version]);

  if (!version)
    return (
      <>
        <PageHeader title={review.cut.title} description={review.projectTitle} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No version of this cut is uploaded yet.</p>
      </>
    );

  const pick = (versionId: string) => {
    setSelected(null);
    setDraft({ inMs: null, strokes: [], drawingOn: false });
    setParams({ v: versionId }, { replace: true });
  };
  const select = (n: ReviewNote) => {
    setSelected(n);
    leadRef.current?.pause();
    leadRef.current?.seek(n.atMs);
  };
  const overlay = draft.drawingOn ? (
    <DrawingPad strokes={draft.strokes} onChange={(strokes) => setDraft({ ...draft, strokes })} />
  ) : draft.strokes.length > 0 ? (
    <DrawingView drawing={{ strokes: draft.strokes }} />
  ) : selected?.drawing ? (
    <DrawingView drawing={selected.drawing} />
  ) : null;
  const label = (v: CutVersionSummary) => `${review.cut.title}, version ${v.number}`;
  const older = versions.filter((v) => v.number < version.number && v.openNotes > 0).at(-1);

  return (
    <>
      <PageHeader
        title={review.cut.title}
        description={`${review.projectTitle}${review.supervisorName ? `, supervised by ${review.supervisorName}` : ""}`}
      />
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label="Versions" className="flex flex-wrap gap-1">
          {versions.map((v) => (
            <Button
              key={v.id}
              variant={v.id === version.id ? "primary" : "secondary"}
              aria-pressed={v.id === version.id}
              onClick={() => pick(v.id)}
            >
              v{v.number}
            </Button>
          ))}
        </div>
        {versions.length > 1 ? (
          <Select
            label="Compare with"
            value={compare?.id ?? ""}
            onChange={(e) => setCompareId(e.target.value || null)}
            options={[
              { value: "", label: "No comparison" },
              ...versions.filter((v) => v.id !== version.id).map((v) => ({ value: v.id, label: `v${v.number}` })),
            ]}
          />
        ) : null}
        {version.decision ? (
          <Badge tone={version.decision === "approved" ? "good" : "warn"}>
            {DECISION_LABELS[version.decision]}
            {version.pictureLock ? " · picture lock" : ""}
            {version.decidedByName ? ` by ${version.decidedByName}` : ""}
          </Badge>
        ) : null}
        {version.proxyStatus !== "ready" ? (
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            {version.proxyStatus === "no_ffmpeg"
              ? "The web copy waits for ffmpeg on the server; the original plays if your browser can."
              : version.proxyStatus === "failed"
                ? "The web copy could not be made; the original plays if your browser can."
                : `The web copy is being made (${Math.round(version.proxyProgress * 100)}%); the original plays meanwhile.`}
          </span>
        ) : null}
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <div className={compare ? "grid gap-3 md:grid-cols-2" : ""}>
            <Player
              key={version.id}
              ref={leadCallback}
              src={srcOf(version)}
              poster={posterOf(version)}
              rate={rate}
              startTimecode={version.startTimecode}
              durationMs={version.durationMs}
              markers={markers}
              onMarker={(noteId) => {
                const n = notes.data?.find((x) => x.id === noteId);
                if (n) setSelected(n);
              }}
              onTime={setNowMs}
              overlay={overlay}
              label={label(version)}
            />
            {compare ? (
              <div className="flex flex-col gap-1">
                <Player
                  key={compare.id}
                  ref={setFollow}
                  src={srcOf(compare)}
                  poster={posterOf(compare)}
                  rate={compareRate}
                  startTimecode={compare.startTimecode}
                  durationMs={compare.durationMs}
                  label={label(compare)}
                />
              </div>
            ) : null}
          </div>
          {review.canEdit && older ? <CarryButton review={review} to={version} from={older} /> : null}
          {review.canDecide ? <DecisionForm review={review} version={version} /> : null}
        </div>
        <NotesPanel
          cutId={review.cut.id}
          version={version}
          nowMs={nowMs}
          me={review.me}
          canEdit={review.canEdit}
          selectedId={selected?.id ?? null}
          onSelect={select}
          draft={draft}
          onDraft={setDraft}
          onPause={() => leadRef.current?.pause()}
        />
      </div>
      {/* After the notes, which on a phone follow the player: sharing is done less often than reviewing. */}
      <div className="mt-8 max-w-3xl">
        <ReviewLinksPanel key={version.id} versionId={version.id} canEdit={review.canEdit} />
      </div>
    </>
  );
}

function CarryButton({ review, to, from }: { review: CutReview; to: CutVersionSummary; from: CutVersionSummary }) {
  const carry = useCarryNotes(review.cut.id, to.id);
  return (
    <div>
      <Button variant="secondary" busy={carry.isPending} onClick={() => carry.mutate(from.id)}>
        Carry open notes from v{from.number}
      </Button>
    </div>
  );
}

/** The supervisor's decision on the version shown: approve (with picture lock) or request changes. */
function DecisionForm({ review, version }: { review: CutReview; version: CutVersionSummary }) {
  const [pictureLock, setPictureLock] = useState(false);
  const [note, setNote] = useState("");
  useLeaveGuard(note.trim() !== "", "your note for the crew");
  const decide = useDecide(review.cut.id, version.id, review.cut.projectId);
  return (
    <Card>
      <section aria-labelledby="decision-heading" className="flex flex-col gap-3">
        <h2 id="decision-heading" className="text-lg font-semibold">
          Your decision on v{version.number}
        </h2>
        <Textarea
          label="Note for the crew (optional)"
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Checkbox
          label="Picture lock"
          description="The edit is final: ticks the post milestone and the delivery checklist's picture lock."
          checked={pictureLock}
          onChange={(e) => setPictureLock(e.target.checked)}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            busy={decide.isPending}
            onClick={() =>
              decide.mutate(
                { decision: "approved", pictureLock, note: note || undefined },
                { onSuccess: () => setNote("") },
              )
            }
          >
            {pictureLock ? "Approve as picture lock" : "Approve"}
          </Button>
          <Button
            variant="secondary"
            busy={decide.isPending}
            disabled={pictureLock}
            onClick={() =>
              decide.mutate(
                { decision: "changes_requested", pictureLock: false, note: note || undefined },
                { onSuccess: () => setNote("") },
              )
            }
          >
            Request changes
          </Button>
        </div>
      </section>
    </Card>
  );
}
