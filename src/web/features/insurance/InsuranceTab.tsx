import { ShieldCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import {
  INSURANCE_STATUS_LABELS,
  INSURANCE_SUBJECTS,
  INSURANCE_SUBJECT_LABELS,
  type InsuranceListDto,
  type InsuranceRequestDto,
  type InsuranceStatus,
  type InsuranceSubject,
} from "../../../common/insurance.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Badge, type BadgeTone } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { useFormats } from "../../lib/format.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { CoveredParties, CoveredPartiesEditor, type PartyDraft } from "./CoveredParties.tsx";
import {
  useEndorse,
  useOfficeDecline,
  useOfficeUpload,
  useProjectInsurance,
  useRequestAction,
  useRequestCertificate,
} from "./api.ts";

const TONES: Record<InsuranceStatus, BadgeTone> = {
  awaiting_endorsement: "warn",
  requested: "warn",
  answered: "good",
  declined: "bad",
  refused: "bad",
  withdrawn: "neutral",
};

/** The project's "Insurance" tab: its certificate requests, and the form that asks for one. */
export function InsuranceTab({ projectId }: { projectId: string }) {
  const list = useProjectInsurance(projectId);
  if (list.isPending)
    return (
      <div role="status" aria-label="Loading the insurance requests">
        <Skeleton className="h-48" />
      </div>
    );
  if (list.isError)
    return <LoadError what="The insurance requests" error={list.error} onRetry={() => void list.refetch()} />;
  const data = list.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden className="mt-1 size-5 shrink-0" />
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Locations and rental houses ask for the school's certificate of insurance. The insurance office needs{" "}
          {data.leadDays} business days
          {data.endorsementRequired
            ? ", and the project's supervisor or course teacher endorses each request first"
            : ""}
          . The certificate arrives in the project's documents, under Insurance.
        </p>
      </div>
      {data.items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No certificate has been asked for yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Certificate requests">
          {data.items.map((r) => (
            <li key={r.id}>
              <RequestCard projectId={projectId} r={r} />
            </li>
          ))}
        </ul>
      )}
      {data.canRequest && <RequestForm projectId={projectId} data={data} />}
    </div>
  );
}

function RequestCard({ projectId, r }: { projectId: string; r: InsuranceRequestDto }) {
  const fmt = useFormats();
  const action = useRequestAction(projectId);
  const period =
    r.startsOn === r.endsOn
      ? fmt.date(r.startsOn, { style: "long" })
      : `${fmt.date(r.startsOn, { style: "long" })} to ${fmt.date(r.endsOn, { style: "long" })}`;
  return (
    <Card className="flex flex-col gap-3" aria-label={`Request: ${r.description}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{r.description}</h3>
        <Badge tone={TONES[r.status]}>{INSURANCE_STATUS_LABELS[r.status]}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">What</dt>
        <dd>{INSURANCE_SUBJECT_LABELS[r.subject]}</dd>
        <dt className="font-medium">Where</dt>
        <dd>{r.address}</dd>
        <dt className="font-medium">When</dt>
        <dd>{period}</dd>
        {r.parties.length > 0 && (
          <>
            <dt className="font-medium">Also covered</dt>
            <dd>
              <CoveredParties parties={r.parties} />
            </dd>
          </>
        )}
        <dt className="font-medium">Certificate holder</dt>
        <dd>
          {r.holderName}, {r.holderAddress}
        </dd>
        <dt className="font-medium">Asked by</dt>
        <dd>
          {r.requestedByName}, {fmt.dateTime(r.createdAt)}
        </dd>
        {r.endorsedByName && (
          <>
            <dt className="font-medium">{r.status === "refused" ? "Not endorsed by" : "Endorsed by"}</dt>
            <dd>
              {r.endorsedByName}
              {r.endorsementComment ? `: “${r.endorsementComment}”` : ""}
            </dd>
          </>
        )}
        {r.answeredByName && (
          <>
            <dt className="font-medium">Answered by</dt>
            <dd>
              {r.answeredByName}
              {r.answeredAt ? `, ${fmt.dateTime(r.answeredAt)}` : ""}
              {r.declineReason ? `: “${r.declineReason}”` : ""}
            </dd>
          </>
        )}
      </dl>
      {r.documentId && (
        <Link
          className="text-sm underline underline-offset-4"
          to={`/view-document?project=${projectId}&document=${r.documentId}`}
        >
          Open the certificate
        </Link>
      )}
      {r.status === "requested" && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {r.linkOpen && r.linkExpiresAt
            ? `The office's link works until ${fmt.date(r.linkExpiresAt, { style: "long" })}.`
            : "The office's link was revoked; send a new one for the office to answer without signing in."}
        </p>
      )}
      {r.canEndorse && <EndorseForm projectId={projectId} id={r.id} />}
      {r.canAnswer && <OfficeAnswer projectId={projectId} id={r.id} />}
      {(r.canWithdraw || (r.status === "requested" && r.canWithdraw)) && (
        <div className="flex flex-wrap gap-2">
          {r.status === "requested" && (
            <Button
              variant="secondary"
              busy={action.isPending}
              onClick={() => action.mutate({ id: r.id, action: r.linkOpen ? "link/revoke" : "link/resend" })}
            >
              {r.linkOpen ? "Revoke the office's link" : "Send the office a new link"}
            </Button>
          )}
          <Button
            variant="ghost"
            busy={action.isPending}
            onClick={() => action.mutate({ id: r.id, action: "withdraw" })}
          >
            Withdraw the request
          </Button>
        </div>
      )}
    </Card>
  );
}

function EndorseForm({ projectId, id }: { projectId: string; id: string }) {
  const endorse = useEndorse(projectId);
  const [comment, setComment] = useState("");
  useLeaveGuard(comment.trim() !== "", "your comment on the certificate request");
  const send = (yes: boolean) =>
    endorse.mutate({ id, input: { endorse: yes, comment } }, { onSuccess: () => setComment("") });
  return (
    <div className="flex flex-col gap-2 rounded-md border border-amber-300 p-3 dark:border-amber-700">
      <Textarea
        label="Your comment"
        hint="Needed when you do not endorse: say what the crew should change."
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={2000}
      />
      <div className="flex flex-wrap gap-2">
        <Button busy={endorse.isPending} onClick={() => send(true)}>
          Endorse and send to the office
        </Button>
        <Button variant="secondary" busy={endorse.isPending} onClick={() => send(false)}>
          Do not endorse
        </Button>
      </div>
    </div>
  );
}

function OfficeAnswer({ projectId, id }: { projectId: string; id: string }) {
  const upload = useOfficeUpload(projectId);
  const decline = useOfficeDecline(projectId);
  const [reason, setReason] = useState("");
  useLeaveGuard(reason.trim() !== "", "your reason for declining the certificate");
  return (
    <div className="flex flex-col gap-2 rounded-md border border-zinc-300 p-3 dark:border-zinc-700">
      <label className="text-sm font-medium">
        Upload the certificate (PDF or picture)
        <input
          type="file"
          accept="application/pdf,image/png,image/jpeg,image/webp"
          className="mt-1 block text-sm"
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate({ id, file });
            e.target.value = "";
          }}
        />
      </label>
      <Textarea
        label="Or decline, with a reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={2000}
      />
      <div>
        <Button
          variant="secondary"
          busy={decline.isPending}
          disabled={reason.trim().length < 2}
          onClick={() => decline.mutate({ id, reason }, { onSuccess: () => setReason("") })}
        >
          Decline the request
        </Button>
      </div>
    </div>
  );
}

const EMPTY = {
  subject: "location" as InsuranceSubject,
  description: "",
  address: "",
  startsOn: "",
  endsOn: "",
  holderName: "",
  holderAddress: "",
  notes: "",
  parties: [] as PartyDraft[],
};

function RequestForm({ projectId, data }: { projectId: string; data: InsuranceListDto }) {
  const fmt = useFormats();
  const create = useRequestCertificate(projectId);
  const [form, setForm] = useState(EMPTY);
  useLeaveGuard(JSON.stringify(form) !== JSON.stringify(EMPTY), "the certificate request you were writing");
  const set = (key: Exclude<keyof typeof EMPTY, "parties">) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ ...form, endsOn: form.endsOn || form.startsOn }, { onSuccess: () => setForm(EMPTY) });
  };
  return (
    <Card>
      <h3 className="mb-1 font-semibold">Ask for a certificate of insurance</h3>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        The first insured day can be {fmt.date(data.earliestStart, { style: "long", weekday: true })} at the earliest.
      </p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="Ask for a certificate of insurance">
        <Select
          label="For"
          value={form.subject}
          onChange={set("subject")}
          options={INSURANCE_SUBJECTS.map((s) => ({ value: s, label: INSURANCE_SUBJECT_LABELS[s] }))}
        />
        <Field
          label="What is insured"
          required
          value={form.description}
          onChange={set("description")}
          maxLength={300}
        />
        <Field
          label="Address"
          required
          className="sm:col-span-2"
          value={form.address}
          onChange={set("address")}
          maxLength={300}
        />
        <Field
          label="First day"
          type="date"
          required
          min={data.earliestStart}
          value={form.startsOn}
          onChange={set("startsOn")}
        />
        <Field
          label="Last day"
          type="date"
          min={form.startsOn || data.earliestStart}
          value={form.endsOn}
          onChange={set("endsOn")}
          hint="Leave empty for one day."
        />
        <Field
          label="Certificate holder"
          required
          value={form.holderName}
          onChange={set("holderName")}
          maxLength={300}
          hint="Who asks for the certificate: the owner, the rental house."
        />
        <Field
          label="Certificate holder's address"
          required
          value={form.holderAddress}
          onChange={set("holderAddress")}
          maxLength={300}
        />
        <CoveredPartiesEditor
          projectId={projectId}
          parties={form.parties}
          onChange={(parties) => setForm((f) => ({ ...f, parties }))}
          // The first place picked is likely the one insured: its address fills an empty one.
          onPick={(party) => setForm((f) => ({ ...f, address: f.address || party.address }))}
        />
        <Textarea
          label="Notes for the office"
          className="sm:col-span-2"
          value={form.notes}
          onChange={set("notes")}
          maxLength={2000}
        />
        {create.error && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">
            {create.error.message}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" busy={create.isPending}>
            Send the request
          </Button>
        </div>
      </form>
    </Card>
  );
}
