import { Copy, Link2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import {
  REVIEW_LINK_DAYS_DEFAULT,
  REVIEW_LINK_LABEL_MAX,
  REVIEW_LINK_PASSWORD_MIN,
  type CreatedReviewLinkDto,
  type ReviewLinkDto,
} from "../../../common/review-links.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { SharedLinkRow } from "../../components/SharedLinkRow.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useFormats } from "../../lib/format.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { notesExportPath, useCreateReviewLink, useReviewLinks, useRevokeReviewLink } from "./guest-api.ts";

const DAY_CHOICES = [1, 3, 7, 14, 30, 60, 90];
const STATE_LABELS: Record<ReviewLinkDto["state"], string> = {
  open: "Open",
  expired: "Expired",
  revoked: "Turned off",
};

/**
 * A version's guest review links, on the cut page for those who may change the project: make one for an outside
 * reviewer (shown once, to copy), see who opened which and when, turn one off. Also the notes' downloads.
 */
export function ReviewLinksPanel({ versionId, canEdit }: { versionId: string; canEdit: boolean }) {
  const [created, setCreated] = useState<CreatedReviewLinkDto | null>(null);
  return (
    <section aria-labelledby={`links-${versionId}`} className="flex flex-col gap-3">
      <h2 id={`links-${versionId}`} className="text-lg font-semibold">
        Guest review
      </h2>
      <NotesDownloads versionId={versionId} />
      {canEdit && (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Ask someone without an account (a composer, a mentor) for notes on this version: they open the link, give
            their name, watch and write notes. They see this version and its notes, nothing else.
          </p>
          <CreateLinkForm versionId={versionId} onCreated={setCreated} />
          {created && <NewLink created={created} onDone={() => setCreated(null)} />}
          <LinkList versionId={versionId} />
        </>
      )}
    </section>
  );
}

function NotesDownloads({ versionId }: { versionId: string }) {
  const link = "text-sm underline underline-offset-2";
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <span>Download the notes:</span>
      <a className={link} href={notesExportPath(versionId, "pdf")} download>
        PDF
      </a>
      <a className={link} href={notesExportPath(versionId, "csv")} download>
        CSV
      </a>
      <a className={link} href={notesExportPath(versionId, "edl")} download>
        EDL markers (Resolve, Avid, Premiere)
      </a>
    </p>
  );
}

function CreateLinkForm({ versionId, onCreated }: { versionId: string; onCreated(c: CreatedReviewLinkDto): void }) {
  const [label, setLabel] = useState("");
  const [days, setDays] = useState(String(REVIEW_LINK_DAYS_DEFAULT));
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  useLeaveGuard(!!(label.trim() || password), "the review link you were making");
  const create = useCreateReviewLink(versionId, (c) => {
    setLabel("");
    setPassword("");
    onCreated(c);
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!label.trim()) return setError("Say who the link is for, e.g. “Composer – Ana”.");
    if (password && password.length < REVIEW_LINK_PASSWORD_MIN)
      return setError(`A password has at least ${REVIEW_LINK_PASSWORD_MIN} characters.`);
    setError(undefined);
    create.mutate({ label, expiresInDays: Number(days), password: password || undefined });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Make a review link" className="grid gap-3 sm:grid-cols-3">
      <Field
        label="For whom"
        required
        maxLength={REVIEW_LINK_LABEL_MAX}
        placeholder="Composer – Ana"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={error}
      />
      <Select
        label="Open for"
        value={days}
        onChange={(e) => setDays(e.target.value)}
        options={DAY_CHOICES.map((d) => ({ value: String(d), label: d === 1 ? "1 day" : `${d} days` }))}
      />
      <Field
        label="Password (optional)"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={`At least ${REVIEW_LINK_PASSWORD_MIN} characters; send it apart from the link.`}
      />
      <div className="sm:col-span-3">
        <Button type="submit" busy={create.isPending}>
          <Link2 aria-hidden className="size-4" /> Make review link
        </Button>
      </div>
    </form>
  );
}

function NewLink({ created, onDone }: { created: CreatedReviewLinkDto; onDone(): void }) {
  const url = new URL(created.path, window.location.origin).toString();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied");
    } catch {
      toast.error("The link was not copied", { description: "Select it and copy it yourself." });
    }
  };
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
    >
      <p>
        The link for <strong>{created.link.label}</strong>. Copy it now: the portal does not show it again.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field label="Review link" readOnly value={url} className="flex-1" onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" /> Copy link
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function LinkList({ versionId }: { versionId: string }) {
  const fmt = useFormats();
  const links = useReviewLinks(versionId);
  const revoke = useRevokeReviewLink(versionId);
  const [asking, setAsking] = useState<ReviewLinkDto | null>(null);
  if (links.isError)
    return <LoadError what="The review links" error={links.error} onRetry={() => void links.refetch()} />;
  if (!links.data) return null;
  if (links.data.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No review links for this version yet.</p>;
  return (
    <>
      <ul aria-label="Review links" className="flex flex-col gap-2">
        {links.data.map((l) => (
          <SharedLinkRow
            key={l.id}
            label={l.label}
            badges={
              <>
                <Badge tone={l.state === "open" ? "good" : "neutral"}>{STATE_LABELS[l.state]}</Badge>
                {l.hasPassword && <Badge>Password</Badge>}
              </>
            }
            detail={
              <>
                {l.views === 0
                  ? "Not opened yet"
                  : `Opened ${l.views === 1 ? "once" : `${l.views} times`}, last by ${l.lastViewerName} on ${fmt.dateTime(l.lastViewedAt)}`}
                {l.state === "open" && ` · open until ${fmt.dateTime(l.expiresAt)}`}
              </>
            }
            action={
              l.state === "open" && (
                <Button
                  variant="secondary"
                  onClick={() => setAsking(l)}
                  aria-label={`Turn off the link for ${l.label}`}
                >
                  Turn off
                </Button>
              )
            }
          />
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title="Turn off this review link?"
        confirmLabel="Turn off"
        busy={revoke.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && revoke.mutate(asking.id, { onSettled: () => setAsking(null) })}
      >
        {asking?.label} will no longer be able to open it. Their notes stay.
      </ConfirmDialog>
    </>
  );
}
