import { useFormats } from "../../lib/format.ts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronRight, Inbox, LogIn, RefreshCw, Send } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { isAdmin, ROLE_LABELS } from "../../../common/roles.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Skeleton } from "../../components/ui/Skeleton.tsx";
import { Tabs } from "../../components/ui/Tabs.tsx";
import { api } from "../../lib/api.ts";
import type { EmailDto, EmailPageDto } from "../../../common/emails.ts";
import { useAuth } from "../auth/AuthProvider.tsx";
import { emailProblem, MSG } from "../auth/messages.ts";
import { signInLink } from "../../lib/next.ts";
import { keys } from "../../../common/query-keys.ts";

const PAGE_SIZE = 10;
/** The worker sends a queued e-mail within a second or two; the list looks again until it shows up. */
const POLL_MS = 1000;
const POLL_GIVE_UP_MS = 15_000;

export default function EmailTestPage() {
  const { user, loading } = useAuth();
  return (
    <div>
      <PageHeader
        title="E-mail Test"
        description="Every e-mail the portal sends, newest first, and a way to send a test message to check that mail gets through."
      />
      <div className="flex flex-col gap-6">
        {loading ? (
          <div role="status" aria-label="Loading" aria-busy="true" className="flex flex-col gap-3">
            <Skeleton className="h-24" />
            <Skeleton className="h-64" />
          </div>
        ) : user && isAdmin(user.role) ? (
          <AdminView defaultRecipient={user.email} />
        ) : (
          <NotAllowed signedInAs={user ? `${user.email} (${ROLE_LABELS[user.role]})` : null} />
        )}
      </div>
    </div>
  );
}

function NotAllowed({ signedInAs }: { signedInAs: string | null }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Card className="flex max-w-2xl flex-col gap-3">
      <h2 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">Only administrators can open the outbox</h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        The outbox keeps a copy of every e-mail the portal sends, including password-reset links that would let anyone
        who reads them into someone else's account. So this page shows it, and lets you send a test message, only to a
        signed-in administrator.
      </p>
      {signedInAs ? (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            You are signed in as {signedInAs}. If you hold an administrator account too, sign in with it instead.
          </p>
          <div>
            <Button
              variant="secondary"
              onClick={async () => {
                await signOut();
                toast.success(MSG.signedOut);
                navigate(signInLink("/email-test"));
              }}
            >
              <LogIn aria-hidden className="size-4" />
              Sign in as an administrator
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Link
            to={signInLink("/email-test")}
            className="inline-flex min-h-10 items-center gap-2 rounded-md bg-zinc-900 px-4 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 dark:bg-amber-400 dark:text-zinc-950 dark:hover:bg-amber-300"
          >
            <LogIn aria-hidden className="size-4" />
            Sign in
          </Link>
        </div>
      )}
    </Card>
  );
}

function AdminView({ defaultRecipient }: { defaultRecipient: string }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [waitingSince, setWaitingSince] = useState<number | null>(null);

  const list = useQuery({
    queryKey: [...keys.emails(), { page }],
    queryFn: ({ signal }) =>
      api<EmailPageDto>(`/rest/v1/emails?limit=${PAGE_SIZE}&offset=${page * PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: waitingSince === null ? false : POLL_MS,
  });

  const newest = list.data?.items[0];
  useEffect(() => {
    if (waitingSince === null) return;
    const arrived = page === 0 && newest && Date.parse(newest.createdAt) >= waitingSince;
    if (arrived) setWaitingSince(null);
    const giveUp = setTimeout(() => setWaitingSince(null), Math.max(0, waitingSince + POLL_GIVE_UP_MS - Date.now()));
    return () => clearTimeout(giveUp);
  }, [waitingSince, newest, page]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.emails() });

  return (
    <>
      <SendTestForm
        defaultRecipient={defaultRecipient}
        onQueued={() => {
          // a small margin for the clocks of browser and server
          setWaitingSince(Date.now() - 5000);
          setPage(0);
          void refresh();
        }}
      />
      <section aria-labelledby="outbox-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2
              id="outbox-heading"
              className="flex items-center gap-2 text-lg font-semibold text-zinc-900 dark:text-zinc-50"
            >
              <Inbox aria-hidden className="size-5" />
              Outbox
            </h2>
            {list.data && (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {list.data.transport === "smtp"
                  ? "Mail goes out through the SMTP server; a copy of each message is kept here."
                  : "No mail server is set up, so mail stays here in the embedded outbox and nothing leaves this machine."}
              </p>
            )}
          </div>
          <Button variant="secondary" onClick={refresh} busy={list.isFetching && waitingSince === null}>
            <RefreshCw aria-hidden className="size-4" />
            Refresh
          </Button>
        </div>
        {waitingSince !== null && (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            Waiting for the test e-mail to be sent…
          </p>
        )}
        {!list.data ? (
          <div role="status" aria-label="Loading the outbox" aria-busy="true" className="flex flex-col gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : list.data.items.length === 0 ? (
          <Card>
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              The outbox is empty: the portal has not sent any e-mail yet. Send a test e-mail above, or ask for a
              password reset, and it will appear here.
            </p>
          </Card>
        ) : (
          <>
            <ol
              aria-label="E-mails, newest first"
              className="flex flex-col gap-2"
              aria-busy={list.isPlaceholderData || undefined}
            >
              {list.data.items.map((email) => (
                <li key={email.id}>
                  <EmailItem email={email} />
                </li>
              ))}
            </ol>
            <Pagination
              label="Outbox pages"
              page={page}
              pageSize={PAGE_SIZE}
              total={list.data.total}
              onPage={setPage}
            />
          </>
        )}
      </section>
    </>
  );
}

const RECIPIENT_ID = "email-test-recipient";

function SendTestForm({ defaultRecipient, onQueued }: { defaultRecipient: string; onQueued(): void }) {
  const [to, setTo] = useState(defaultRecipient);
  const send = useMutation({
    mutationFn: (recipient: string) => api("/rest/v1/emails/test", { json: { to: recipient } }),
    onSuccess: (_data, recipient) => {
      toast.success("Test e-mail queued", {
        description: `It goes to ${recipient} and shows up in the outbox below within a few seconds.`,
      });
      onQueued();
    },
    onError: (error) => toast.error("Test e-mail not sent", { description: error.message }),
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const recipient = to.trim();
    const problem = emailProblem(recipient, RECIPIENT_ID);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      document.getElementById(RECIPIENT_ID)?.focus();
      return;
    }
    send.mutate(recipient);
  };

  return (
    <Card>
      <form aria-labelledby="send-test-heading" noValidate onSubmit={submit} className="flex flex-col gap-3">
        <h2 id="send-test-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          Send Test E-mail
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The message is queued like every other e-mail and sent by the background worker, so it also shows that the
          notification jobs run.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field
            id={RECIPIENT_ID}
            label="Recipient"
            type="email"
            autoComplete="email"
            required
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="sm:w-96"
          />
          <Button type="submit" busy={send.isPending}>
            <Send aria-hidden className="size-4" />
            Send Test E-mail
          </Button>
        </div>
      </form>
    </Card>
  );
}

function EmailItem({ email }: { email: EmailDto }) {
  const fmt = useFormats();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState(email.html ? "html" : "text");
  return (
    <details
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="group rounded-lg border border-zinc-200 bg-white shadow-sm open:border-zinc-400 dark:border-zinc-800 dark:bg-zinc-900 dark:open:border-zinc-600"
    >
      <summary className="flex cursor-pointer list-none flex-col gap-0.5 px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4 [&::-webkit-details-marker]:hidden">
        <span className="flex min-w-0 items-baseline gap-2 font-medium break-words text-zinc-900 dark:text-zinc-50">
          <ChevronRight
            aria-hidden
            className="size-4 shrink-0 self-center text-zinc-500 transition-transform group-open:rotate-90"
          />
          {email.subject}
        </span>
        <span className="shrink-0 pl-6 text-sm text-zinc-600 sm:pl-0 dark:text-zinc-400">
          to {email.to} · <time dateTime={email.createdAt}>{fmt.dateTime(email.createdAt)}</time>
        </span>
      </summary>
      {open && (
        <div className="flex flex-col gap-3 border-t border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {(
              [
                ["Subject", email.subject],
                ["To", email.to],
                ["From", email.from],
                ["Sent", fmt.dateTime(email.createdAt)],
                ["Through", email.transport === "smtp" ? "SMTP server" : "embedded outbox"],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-medium text-zinc-600 dark:text-zinc-400">{k}</dt>
                <dd className="min-w-0 break-words text-zinc-900 dark:text-zinc-100">{v}</dd>
              </div>
            ))}
          </dl>
          <Tabs
            label={`Body of "${email.subject}"`}
            selected={view}
            onSelect={setView}
            tabs={[
              ...(email.html
                ? [
                    {
                      id: "html",
                      label: "HTML",
                      // sandbox="" runs no script and follows no link inside the message; the text tab has the links.
                      content: (
                        <iframe
                          title={`HTML of "${email.subject}"`}
                          sandbox=""
                          srcDoc={email.html}
                          className="h-[28rem] w-full rounded-md border border-zinc-200 bg-white dark:border-zinc-700"
                        />
                      ),
                    },
                  ]
                : []),
              { id: "text", label: "Text", content: <EmailText text={email.text} /> },
            ]}
          />
        </div>
      )}
    </details>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its links made clickable, since a reset link is what an admin most often comes here for. */
function EmailText({ text }: { text: string }) {
  return (
    <pre
      tabIndex={0}
      className="overflow-x-auto rounded-md bg-zinc-50 p-3 font-mono text-sm break-words whitespace-pre-wrap text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100"
    >
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a
            key={i}
            href={part}
            rel="noreferrer"
            className="underline underline-offset-2 hover:text-amber-700 dark:hover:text-amber-400"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}
