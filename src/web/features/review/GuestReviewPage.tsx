import { useQueryClient } from "@tanstack/react-query";
import { Clapperboard } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useParams } from "react-router";
import type { GuestVersionDto } from "../../../common/review-links.ts";
import { GUEST_NAME_MAX, NOTE_BODY_MAX, type ReviewNote } from "../../../common/review.ts";
import { rateOf, timecodeAt } from "../../../common/timecode.ts";
import { Brand } from "../../components/Brand.tsx";
import { Badge } from "../../components/ui/Badge.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Textarea } from "../../components/ui/Textarea.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { DeadLinkNotice } from "../../components/DeadLinkNotice.tsx";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import {
  guestKeys,
  guestMediaPath,
  openLink,
  useAddGuestNote,
  useGuestNotes,
  useGuestSession,
  useLinkIntro,
} from "./guest-api.ts";
import { Player, type PlayerHandle } from "./Player.tsx";

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <header className="border-b border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
        <Brand className="text-lg" />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-5 px-3 py-5 sm:px-6">
        {children}
      </main>
    </div>
  );
}

function DeadLink({ error }: { error: unknown }) {
  return (
    <Frame>
      <DeadLinkNotice what="review link" error={error} />
    </Frame>
  );
}

/** /review/{token}: an outside reviewer's page, no account. Name (and password) first, then the cut and its notes. */
export default function GuestReviewPage() {
  const { token = "" } = useParams();
  const intro = useLinkIntro(token);
  const session = useGuestSession(token, intro.isSuccess);
  const [opened, setOpened] = useState<{ version: GuestVersionDto; name: string; grant: string | null } | null>(null);
  const queryClient = useQueryClient();
  const expire = useCallback(() => {
    setOpened(null);
    queryClient.setQueryData(guestKeys.session(token), null);
  }, [queryClient, token]);

  if (intro.isError) return <DeadLink error={intro.error} />;
  if (intro.isPending || (session.isPending && session.fetchStatus !== "idle"))
    return (
      <Frame>
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Opening the review link…
        </p>
      </Frame>
    );
  const current = opened ?? (session.isSuccess && session.data ? { ...session.data, grant: null } : null);
  if (!current)
    return (
      <Frame>
        <NameForm
          token={token}
          cutTitle={intro.data.cutTitle}
          versionNumber={intro.data.versionNumber}
          needsPassword={intro.data.needsPassword}
          onOpened={setOpened}
        />
      </Frame>
    );
  return (
    <Frame>
      <Review token={token} version={current.version} name={current.name} grant={current.grant} onExpired={expire} />
    </Frame>
  );
}

function NameForm({
  token,
  cutTitle,
  versionNumber,
  needsPassword,
  onOpened,
}: {
  token: string;
  cutTitle: string;
  versionNumber: number;
  needsPassword: boolean;
  onOpened(o: { version: GuestVersionDto; name: string; grant: string }): void;
}) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<{ name?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError({ name: "Give your name, so the editor knows whose notes these are." });
    if (needsPassword && !password) return setError({ password: "Type the password you were given with the link." });
    setBusy(true);
    setError({});
    try {
      const o = await openLink(token, { name, password: needsPassword ? password : undefined });
      onOpened({ version: o.version, name: o.name, grant: o.grant });
    } catch (err) {
      const message = errorText(err);
      setError(err instanceof ApiError && err.status === 401 ? { password: message } : { form: message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="guest-title"
      className="mx-auto mt-4 flex w-full max-w-md flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center gap-2">
        <Clapperboard aria-hidden className="size-6 text-amber-600" />
        <h1 id="guest-title" className="text-lg font-semibold">
          Review “{cutTitle}”, version {versionNumber}
        </h1>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        You were asked for notes on this cut. No account is needed: give your name, and your notes are shown under it to
        the film's crew.
      </p>
      <Field
        label="Your name"
        required
        autoComplete="name"
        maxLength={GUEST_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error.name}
      />
      {needsPassword && (
        <Field
          label="Password"
          type="password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error.password}
          hint="The link's password, sent to you with it."
        />
      )}
      {error.form && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.form}
        </p>
      )}
      {!needsPassword && error.password && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.password}
        </p>
      )}
      <Button type="submit" busy={busy}>
        Open the cut
      </Button>
    </form>
  );
}

function Review({
  token,
  version,
  name,
  grant,
  onExpired,
}: {
  token: string;
  version: GuestVersionDto;
  name: string;
  grant: string | null;
  onExpired(): void;
}) {
  const player = useRef<PlayerHandle>(null);
  const rate = rateOf(version);
  const tc = (ms: number) => timecodeAt(ms, rate, version.startTimecode);
  const [nowMs, setNowMs] = useState(0);
  /** The moment the note is for: taken when the reviewer starts writing, so the picture stops where they mean. */
  const [atMs, setAtMs] = useState<number | null>(null);
  const [body, setBody] = useState("");
  const notes = useGuestNotes(token, grant, true);
  useLeaveGuard(!!body.trim(), "the note you were writing");
  const add = useAddGuestNote(token, grant, () => {
    setBody("");
    setAtMs(null);
  });
  const noteAt = atMs ?? nowMs;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return;
    add.mutate({ body, atMs: Math.round(noteAt) });
  };
  const list = notes.data ?? [];
  const label = `${version.cutTitle}, version ${version.versionNumber}`;
  const expired = notes.error instanceof ApiError && notes.error.status === 401;
  useEffect(() => {
    // The grant ran out (after a working session): ask for the name again.
    if (expired) onExpired();
  }, [expired, onExpired]);
  return (
    <>
      <div className="flex flex-col gap-1">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{version.projectTitle}</p>
        <h1 className="text-2xl font-semibold">
          {version.cutTitle} <span className="text-zinc-500">v{version.versionNumber}</span>
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Your notes are signed “{name}”.</p>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
        <div className="flex flex-col gap-3">
          <Player
            ref={player}
            src={guestMediaPath(token, version.playKind)}
            poster={version.hasPoster ? guestMediaPath(token, "poster") : undefined}
            rate={rate}
            startTimecode={version.startTimecode}
            durationMs={version.durationMs}
            label={label}
            markers={list.map((n) => ({
              id: n.id,
              atMs: n.atMs,
              endMs: n.endMs,
              resolved: !!n.resolvedAt,
              label: `${n.authorName}: ${n.body}`,
            }))}
            onMarker={(id) => {
              const n = list.find((x) => x.id === id);
              if (n) player.current?.seek(n.atMs);
            }}
            onTime={setNowMs}
          />
          {version.playKind === "original" && (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              The web copy of this cut is not ready yet, so you are watching the uploaded file. If it does not play, try
              again in a few minutes.
            </p>
          )}
          <form onSubmit={submit} className="flex flex-col gap-2" aria-label="Add a note">
            <Textarea
              label="Your note"
              rows={3}
              maxLength={NOTE_BODY_MAX}
              value={body}
              onFocus={() => {
                if (atMs === null) {
                  player.current?.pause();
                  setAtMs(player.current?.currentMs() ?? nowMs);
                }
              }}
              onChange={(e) => setBody(e.target.value)}
              hint="The picture stops while you write; the note is for the frame on screen."
            />
            <div className="flex flex-wrap items-center gap-2">
              <Button type="submit" busy={add.isPending} disabled={!body.trim()}>
                Add note at {tc(noteAt)}
              </Button>
              {atMs !== null && (
                <Button variant="ghost" onClick={() => setAtMs(null)}>
                  Use the playing time
                </Button>
              )}
            </div>
          </form>
        </div>
        <section aria-labelledby="notes-title" className="flex flex-col gap-2">
          <h2 id="notes-title" className="text-lg font-semibold">
            Notes ({list.length})
          </h2>
          {notes.isError && !(notes.error instanceof ApiError && notes.error.status === 401) && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errorText(notes.error)}
            </p>
          )}
          {list.length === 0 && notes.isSuccess && (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No notes yet. Yours will be the first.</p>
          )}
          <ol className="flex flex-col gap-2">
            {list.map((n) => (
              <NoteItem key={n.id} note={n} tc={tc} onSeek={() => player.current?.seek(n.atMs)} />
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}

function NoteItem({ note, tc, onSeek }: { note: ReviewNote; tc(ms: number): string; onSeek(): void }) {
  return (
    <li className="rounded-md border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" onClick={onSeek} className="font-mono text-xs underline underline-offset-2">
          <span className="sr-only">Go to </span>
          {tc(note.atMs)}
          {note.endMs !== null && ` – ${tc(note.endMs)}`}
        </button>
        <span className="font-medium">{note.authorName}</span>
        {note.guest && <Badge>Guest</Badge>}
        {note.resolvedAt && <Badge tone="good">Resolved</Badge>}
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words">{note.body}</p>
      {note.replies.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1 border-l-2 border-zinc-200 pl-3 dark:border-zinc-700">
          {note.replies.map((r) => (
            <li key={r.id}>
              <span className="font-medium">{r.authorName}</span>: <span className="whitespace-pre-wrap">{r.body}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
