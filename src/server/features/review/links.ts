/**
 * Guest review links (issue 21): the crew share one version with an outside reviewer, who watches it and leaves
 * notes under their name with no account. As with the portal's other public links (DESIGN §5) the token is shown
 * once and only its hash is kept; a link expires, can be revoked, and may ask for a password. Opening a link with a
 * name gives a short-lived grant (an HMAC-signed value, in a cookie for the video and in a header for the page),
 * and every request through the link checks the link again, so a revoke takes effect at once.
 */
import { createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  guestNoteInput,
  openReviewLinkInput,
  reviewLinkInput,
  type CreatedReviewLinkDto,
  type GuestNoteInput,
  type GuestVersionDto,
  type OpenedReviewLinkDto,
  type OpenReviewLinkInput,
  type ReviewLinkDto,
  type ReviewLinkInput,
  type ReviewLinkIntroDto,
} from "../../../common/review-links.ts";
import { MEDIA_KINDS, type MediaKind, type ReviewNote } from "../../../common/review.ts";
import { keys } from "../../../common/query-keys.ts";
import { DAY_MS, HOUR_MS } from "../../../common/time.ts";
import type { Caller } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  cuts,
  cutVersions,
  profiles,
  projects,
  reviewLinks,
  reviewLinkViews,
  reviewNotes,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { hashToken, newToken, TOKEN_PATTERN } from "../../lib/tokens.ts";
import { isUuid } from "../../lib/validate.ts";
import { addGuestNote as addNoteAsGuest, listNotes, toNote } from "./notes.ts";
import { playbackOf, versionFor, type S, type VersionRow } from "./review-shared.ts";

const SHARE_DENIED = "Only the project's crew, staff and admins can share a cut for review.";

type LinkRow = typeof reviewLinks.$inferSelect;

/** A grant lasts a working session; the guest opens the link again with their name after it. */
export const GRANT_HOURS = 12;

const noLink = () =>
  new AppError("not_found", "This review link does not exist. Check the address, or ask the person who sent it.");

// ── Passwords: scrypt with a salt of its own, compared in constant time ────────────────────────────

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const got = await scryptAsync(password, Buffer.from(salt, "base64url"), expected.length);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

// ── The crew's side ────────────────────────────────────────────────────────────────────────────────

const linkState = (l: Pick<LinkRow, "revokedAt" | "expiresAt">, now = Date.now()): ReviewLinkDto["state"] =>
  l.revokedAt ? "revoked" : l.expiresAt.getTime() <= now ? "expired" : "open";

async function linkRows(db: DbOrTx, where: ReturnType<typeof eq>): Promise<ReviewLinkDto[]> {
  const views = db
    .select({
      linkId: reviewLinkViews.linkId,
      views: sql<number>`count(*)::int`.as("views"),
      lastViewedAt: sql<Date | string | null>`max(${reviewLinkViews.viewedAt})`.as("last_viewed_at"),
    })
    .from(reviewLinkViews)
    .groupBy(reviewLinkViews.linkId)
    .as("v");
  const rows = await db
    .select({
      link: reviewLinks,
      createdByName: profiles.fullName,
      views: views.views,
      lastViewedAt: views.lastViewedAt,
      lastViewerName: sql<string | null>`(select ${reviewLinkViews.viewerName} from ${reviewLinkViews}
        where ${reviewLinkViews.linkId} = ${reviewLinks.id}
        order by ${reviewLinkViews.viewedAt} desc, ${reviewLinkViews.id} desc limit 1)`,
    })
    .from(reviewLinks)
    .leftJoin(profiles, eq(profiles.id, reviewLinks.createdBy))
    .leftJoin(views, eq(views.linkId, reviewLinks.id))
    .where(where)
    .orderBy(desc(reviewLinks.createdAt), desc(reviewLinks.id));
  return rows.map((r) => ({
    id: r.link.id,
    versionId: r.link.versionId,
    label: r.link.label,
    hasPassword: r.link.passwordHash !== null,
    expiresAt: r.link.expiresAt.toISOString(),
    revokedAt: r.link.revokedAt?.toISOString() ?? null,
    createdByName: r.createdByName,
    createdAt: r.link.createdAt.toISOString(),
    views: r.views ?? 0,
    lastViewedAt: r.lastViewedAt ? new Date(r.lastViewedAt).toISOString() : null,
    lastViewerName: r.lastViewerName,
    state: linkState(r.link),
  }));
}

const published = (s: S, versionId: string) =>
  s.events.publish({ type: "review.links", invalidate: [keys.reviewLinks(versionId)] });

export async function createLink(
  s: S,
  opts: { caller: Caller; versionId: string; input: ReviewLinkInput },
): Promise<CreatedReviewLinkDto> {
  const input = reviewLinkInput.parse(opts.input);
  const { version } = await versionFor(s.db, opts.caller, opts.versionId, { need: "edit", denied: SHARE_DENIED });
  const token = newToken();
  const [link] = await s.db
    .insert(reviewLinks)
    .values({
      versionId: version.id,
      tokenHash: hashToken(token),
      label: input.label,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
      createdBy: opts.caller.id,
    })
    .returning({ id: reviewLinks.id });
  await published(s, version.id);
  const [dto] = await linkRows(s.db, eq(reviewLinks.id, link!.id));
  return { link: dto!, token, path: `/review/${token}` };
}

export async function listLinks(s: S, opts: { caller: Caller; versionId: string }): Promise<ReviewLinkDto[]> {
  const { version } = await versionFor(s.db, opts.caller, opts.versionId, { need: "edit", denied: SHARE_DENIED });
  return linkRows(s.db, eq(reviewLinks.versionId, version.id));
}

export async function revokeLink(s: S, opts: { caller: Caller; linkId: string }): Promise<ReviewLinkDto> {
  if (!isUuid(opts.linkId)) throw new AppError("not_found", "There is no review link with this id.");
  const [link] = await s.db.select().from(reviewLinks).where(eq(reviewLinks.id, opts.linkId));
  if (!link) throw new AppError("not_found", "There is no review link with this id.");
  await versionFor(s.db, opts.caller, link.versionId, { need: "edit", denied: SHARE_DENIED });
  await s.db
    .update(reviewLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(reviewLinks.id, link.id), isNull(reviewLinks.revokedAt)));
  await published(s, link.versionId);
  const [dto] = await linkRows(s.db, eq(reviewLinks.id, link.id));
  return dto!;
}

// ── The guest's side ───────────────────────────────────────────────────────────────────────────────

/** The link behind a token with its version: 404 for none, 410 once it expired or was revoked. */
async function linkByToken(db: DbOrTx, token: string) {
  if (!TOKEN_PATTERN.test(token)) throw noLink();
  const [row] = await db
    .select({ link: reviewLinks, version: cutVersions, cutTitle: cuts.title, projectTitle: projects.title })
    .from(reviewLinks)
    .innerJoin(cutVersions, eq(cutVersions.id, reviewLinks.versionId))
    .innerJoin(cuts, eq(cuts.id, cutVersions.cutId))
    .innerJoin(projects, eq(projects.id, cuts.projectId))
    .where(eq(reviewLinks.tokenHash, hashToken(token)));
  if (!row) throw noLink();
  const state = linkState(row.link);
  if (state === "revoked")
    throw new AppError(
      "gone",
      "The production has turned this review link off. Ask them for a new one if you need it.",
    );
  if (state === "expired")
    throw new AppError("gone", "This review link has expired. Ask the production for a new one.");
  return row;
}

export async function introLink(s: S, opts: { token: string }): Promise<ReviewLinkIntroDto> {
  const { link, version, cutTitle } = await linkByToken(s.db, opts.token);
  return { label: link.label, needsPassword: link.passwordHash !== null, cutTitle, versionNumber: version.number };
}

const grantKey = (s: S) => createHmac("sha256", s.config.AUTH_SECRET).update("review-link-grant").digest();
const sign = (s: S, payload: string) => createHmac("sha256", grantKey(s)).update(payload).digest("base64url");

/** `<linkId>.<expires ms>.<name>.<mac>`: whose grant, until when, under which name. */
function makeGrant(s: S, linkId: string, name: string, expiresAt: number): string {
  const payload = `${linkId}.${expiresAt}.${Buffer.from(name).toString("base64url")}`;
  return `${payload}.${sign(s, payload)}`;
}

/** The name a grant was given under, if it is this link's, signed by this portal and not expired. */
export function readGrant(s: S, linkId: string, grant: string | undefined): string | null {
  const parts = grant?.split(".") ?? [];
  if (parts.length !== 4) return null;
  const [id, exp, name, mac] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(s, `${id}.${exp}.${name}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (id !== linkId || !(Number(exp) > Date.now())) return null;
  return Buffer.from(name, "base64url").toString();
}

function guestVersion(row: Awaited<ReturnType<typeof linkByToken>>): GuestVersionDto {
  const v = row.version;
  return {
    cutTitle: row.cutTitle,
    projectTitle: row.projectTitle,
    versionNumber: v.number,
    ...playbackOf(v),
    playKind: v.proxyStatus === "ready" && v.proxyKey ? "proxy" : "original",
    hasPoster: !!v.posterKey,
    expiresAt: row.link.expiresAt.toISOString(),
  };
}

/** Opens a link under a name (and its password): records the view and answers the version and a grant. */
export async function openLink(
  s: S,
  opts: { token: string; input: OpenReviewLinkInput },
): Promise<OpenedReviewLinkDto> {
  const input = openReviewLinkInput.parse(opts.input);
  const row = await linkByToken(s.db, opts.token);
  if (row.link.passwordHash) {
    if (!input.password)
      throw new AppError("unauthorized", "This link asks for a password. Type the one you were given with it.", {
        needsPassword: true,
      });
    if (!(await passwordMatches(input.password, row.link.passwordHash)))
      throw new AppError("unauthorized", "The password is not right. Check it with the person who sent the link.", {
        needsPassword: true,
      });
  }
  await s.db.insert(reviewLinkViews).values({ linkId: row.link.id, viewerName: input.name });
  await published(s, row.link.versionId);
  const expiresAt = Math.min(row.link.expiresAt.getTime(), Date.now() + GRANT_HOURS * HOUR_MS);
  return {
    version: guestVersion(row),
    name: input.name,
    grant: makeGrant(s, row.link.id, input.name, expiresAt),
    grantExpiresAt: new Date(expiresAt).toISOString(),
  };
}

/** The link, its version and the guest's name, for a request through an opened link. */
export async function guestContext(s: S, opts: { token: string; grant: string | undefined }) {
  const row = await linkByToken(s.db, opts.token);
  const name = readGrant(s, row.link.id, opts.grant);
  if (name === null)
    throw new AppError("unauthorized", "Open the link again and give your name to go on.", { needsName: true });
  return { ...row, name };
}

/** The version again, for a guest whose page reloads with a grant still good. */
export async function guestSession(s: S, opts: { token: string; grant: string | undefined }) {
  const row = await guestContext(s, opts);
  return { version: guestVersion(row), name: row.name };
}

export async function guestNotes(s: S, opts: { token: string; grant: string | undefined }): Promise<ReviewNote[]> {
  const { version } = await guestContext(s, opts);
  return listNotes(s, version.id);
}

/** A guest's note (or reply) on the link's version, under the name they opened it with. */
export async function addGuestNote(
  s: S,
  opts: { token: string; grant: string | undefined; input: GuestNoteInput },
): Promise<ReviewNote> {
  const input = guestNoteInput.parse(opts.input);
  const { version, link, name } = await guestContext(s, opts);
  if (!input.parentId)
    return addNoteAsGuest(s, {
      versionId: version.id,
      linkId: link.id,
      authorName: name,
      atMs: input.atMs,
      endMs: input.endMs ?? null,
      body: input.body,
    });
  const [parent] = await s.db
    .select()
    .from(reviewNotes)
    .where(and(eq(reviewNotes.id, input.parentId), eq(reviewNotes.versionId, version.id)));
  if (!parent || parent.parentId) throw new AppError("not_found", "There is no such note on this version to reply to.");
  // A reply sits at its note's time.
  const [row] = await s.db
    .insert(reviewNotes)
    .values({
      versionId: version.id,
      parentId: parent.id,
      guestLinkId: link.id,
      authorName: name,
      atMs: parent.atMs,
      endMs: parent.endMs,
      body: input.body,
    })
    .returning();
  await s.events.publish({ type: "review.notes", invalidate: [keys.reviewNotes(version.id)] });
  return toNote(row!);
}

/** The link's version and the kind of file asked for, served as the signed-in player is (`serveVersionMedia`). */
export async function guestMedia(
  s: S,
  opts: { token: string; grant: string | undefined; kind: string },
): Promise<{ version: VersionRow; kind: MediaKind }> {
  const { version } = await guestContext(s, opts);
  if (!(MEDIA_KINDS as readonly string[]).includes(opts.kind))
    throw new AppError("not_found", "There is no such kind of file for a version.");
  return { version, kind: opts.kind as MediaKind };
}
