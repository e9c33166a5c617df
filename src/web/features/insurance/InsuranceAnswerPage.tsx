import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { INSURANCE_SUBJECT_LABELS } from "../../../common/insurance.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { errorText } from "../../lib/api.ts";
import { useFormats } from "../../lib/format.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { answerByLink, useInsuranceLink } from "./api.ts";
import { CoveredParties } from "./CoveredParties.tsx";

/**
 * /insurance-answer/:requestId?token=… — the link e-mailed to the insurance office. No account: the token is
 * the key (DESIGN §5). The office uploads the certificate or declines with a reason, once.
 */
export default function InsuranceAnswerPage() {
  const fmt = useFormats();
  const { requestId = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const view = useInsuranceLink(requestId, token);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<"certificate" | "declined" | null>(null);
  const [error, setError] = useState<string | null>(null);
  useLeaveGuard(reason.trim() !== "" && !done, "your reason for declining");
  const v = view.data;

  const send = async (answer: { file: File } | { reason: string }) => {
    setBusy(true);
    setError(null);
    try {
      await answerByLink(requestId, token, answer);
      setDone("file" in answer ? "certificate" : "declined");
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
        Certificate of insurance
      </h1>
      {view.isPending ? (
        <Skeleton className="h-64" />
      ) : view.isError ? (
        <Card role="alert">
          <h2 className="mb-1 text-lg font-semibold">This link does not work</h2>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{view.error.message}</p>
        </Card>
      ) : done ? (
        <Card role="status" className="flex items-start gap-3">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 text-emerald-700" />
          <p>
            {done === "certificate"
              ? "Thank you: the certificate is with the production, in its documents."
              : "Thank you: the production was told why the certificate cannot be issued."}
          </p>
        </Card>
      ) : (
        v && (
          <Card className="flex flex-col gap-4">
            <div>
              <h2 className="text-lg font-semibold">{v.projectTitle}</h2>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">
                Asked by {v.requestedByName}, {v.schoolName}
              </p>
            </div>
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium">What</dt>
              <dd>
                {INSURANCE_SUBJECT_LABELS[v.subject]}: {v.description}
              </dd>
              <dt className="font-medium">Where</dt>
              <dd>{v.address}</dd>
              <dt className="font-medium">When</dt>
              <dd>
                {v.startsOn === v.endsOn
                  ? fmt.date(v.startsOn, { style: "long" })
                  : `${fmt.date(v.startsOn, { style: "long" })} to ${fmt.date(v.endsOn, { style: "long" })}`}
              </dd>
              <dt className="font-medium">Certificate holder</dt>
              <dd>
                {v.holderName}, {v.holderAddress}
              </dd>
              {v.parties.length > 0 && (
                <>
                  <dt className="font-medium">Also covered</dt>
                  <dd>
                    <CoveredParties parties={v.parties} />
                  </dd>
                </>
              )}
              {v.notes && (
                <>
                  <dt className="font-medium">Notes</dt>
                  <dd className="whitespace-pre-line">{v.notes}</dd>
                </>
              )}
            </dl>
            <label className="text-sm font-medium">
              Upload the certificate (PDF or picture)
              <input
                type="file"
                accept="application/pdf,image/png,image/jpeg,image/webp"
                className="mt-1 block text-sm"
                disabled={busy}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void send({ file });
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
                busy={busy}
                disabled={reason.trim().length < 2}
                onClick={() => void send({ reason })}
              >
                Decline the request
              </Button>
            </div>
            {error && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            )}
          </Card>
        )
      )}
    </div>
  );
}
