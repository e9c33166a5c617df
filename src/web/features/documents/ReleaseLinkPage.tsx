import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { errorText } from "../../lib/api.ts";
import { DeadLinkNotice } from "../../components/DeadLinkNotice.tsx";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { startReleaseCopy, useReleaseLinkIntro } from "./api.ts";
import { Frame } from "./SigningPage.tsx";

/**
 * /release/{token}: "scan to sign your release". A person with no account types their name and e-mail, gets their
 * own copy of the release filled with their name, and signs it on the ordinary signing page.
 */
export default function ReleaseLinkPage() {
  const { token = "" } = useParams();
  const intro = useReleaseLinkIntro(token);
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [detail, setDetail] = useState("");
  const [next, setNext] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => startReleaseCopy(token, { name, email, detail }),
    onSuccess: (r) => setNext(r.path),
  });
  useLeaveGuard(!next && (name.trim() !== "" || email.trim() !== ""), "your name and e-mail for the release");
  // Only once the typing is no longer "unsaved", so the guard lets the page go on to the signing page.
  useEffect(() => {
    if (next) void navigate(next);
  }, [next, navigate]);

  if (intro.isError)
    return (
      <Frame>
        <DeadLinkNotice what="release link" error={intro.error} />
      </Frame>
    );
  if (intro.isPending)
    return (
      <Frame>
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Opening the release…
        </p>
      </Frame>
    );
  const i = intro.data;
  const problem = start.error ? errorText(start.error) : null;
  return (
    <Frame>
      <section aria-labelledby="release-heading" className="flex flex-col gap-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {i.schoolName} · {i.projectTitle} · {i.label}
        </p>
        <h1 id="release-heading" className="text-2xl font-semibold">
          Sign your {i.releaseLabel.toLowerCase()}
        </h1>
        <p className="max-w-prose text-sm text-zinc-700 dark:text-zinc-300">
          Type your name and e-mail. You get your own copy of the release with your name on it, read it, and sign it on
          this phone. The signed copy is sent to your e-mail and kept by the production.
        </p>
      </section>
      <form
        noValidate
        className="flex max-w-md flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          start.mutate();
        }}
      >
        <Field
          label="Your full name"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          label="Your e-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field label={i.detailLabel} value={detail} onChange={(e) => setDetail(e.target.value)} />
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
        <Button type="submit" busy={start.isPending || !!next}>
          Continue to sign
        </Button>
      </form>
    </Frame>
  );
}
