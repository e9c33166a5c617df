import { FileKey } from "lucide-react";
import { useState, type FormEvent } from "react";
import { keys } from "../../../common/query-keys.ts";
import { LoadError } from "../../components/LoadError.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { useChange } from "../../lib/change.ts";
import { useFormats } from "../../lib/format.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { uploadSealingCertificate, useSealingCertificate } from "./api.ts";
import { Section } from "./Section.tsx";

/** A file's bytes as base64, for a JSON body. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

/** Admins: the certificate every sealed PDF is digitally signed with, and uploading the school's own .p12. */
export function SealingCertificateSection() {
  const q = useSealingCertificate();
  const { date } = useFormats();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState("");
  useLeaveGuard(!!file || password !== "", "the certificate you chose");
  const upload = useChange(
    { answer: keys.sealingCertificate(), invalidate: [keys.auditLog()] },
    async () => uploadSealingCertificate({ p12: await base64Of(file!), password }),
    {
      success: (r) => ["Certificate uploaded", `Sealed PDFs are now signed as ${r.subject}.`],
      failure: "The certificate was not uploaded",
      onSuccess: () => {
        setFile(null);
        setPassword("");
      },
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) upload.mutate(undefined);
  };
  const c = q.data;
  return (
    <Section
      id="sealing-certificate"
      title="Sealing certificate"
      icon={<FileKey aria-hidden className="size-5" />}
      description="When everyone has signed, the sealed PDF carries a digital signature made with this certificate; a PDF reader shows it as signed and unchanged. Without a certificate of the school's own, The Portal made one in the school's name."
    >
      {q.isPending ? (
        <Skeleton className="h-24" />
      ) : q.isError ? (
        <LoadError what="the sealing certificate" error={q.error} onRetry={() => void q.refetch()} />
      ) : c ? (
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-zinc-700 dark:text-zinc-300">Certificate</dt>
          <dd>
            {c.subject} (
            {c.source === "generated" ? "made by The Portal, self-signed" : `uploaded by ${c.createdByName}`})
          </dd>
          <dt className="font-medium text-zinc-700 dark:text-zinc-300">Fingerprint (SHA-256)</dt>
          <dd className="font-mono text-xs break-all" data-testid="sealing-fingerprint">
            {c.fingerprint}
          </dd>
          <dt className="font-medium text-zinc-700 dark:text-zinc-300">Valid</dt>
          <dd>
            {date(c.validFrom)} to {date(c.validTo)}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          None yet: The Portal makes one in the school's name when it seals the first document.
        </p>
      )}
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          label="The school's certificate (.p12)"
          type="file"
          accept=".p12,.pfx,application/x-pkcs12"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="sm:flex-1"
        />
        <Field
          label="Its password"
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className="sm:flex-1"
        />
        <Button type="submit" disabled={!file || upload.isPending}>
          Upload certificate
        </Button>
      </form>
    </Section>
  );
}
