import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REVIEW_GRANT_HEADER,
  type CreatedReviewLinkDto,
  type OpenedReviewLinkDto,
  type ReviewLinkDto,
} from "../../../common/review-links.ts";
import type { ReviewNote } from "../../../common/review.ts";
import { cuts, cutVersions, projects, reviewLinks, reviewLinkViews, reviewNotes } from "../../db/schema/index.ts";
import { storageFor } from "../../lib/storage.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, signInAll } from "../../test/matrix.ts";
import { OPENS_PER_MINUTE } from "./guest-routes.ts";
import { cutFixture, DEMO_CUT } from "./test-fixture.ts";

describe.each(DB_KINDS)("guest review links on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let cookies: Record<string, string> = {};

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids, cookies } = await signInAll(p));
  });
  afterAll(() => p?.close());

  const fixture = () => cutFixture(p, ids.staff!);
  const create = async (versionId: string, input: Record<string, unknown> = { label: "Composer – Ana" }) => {
    const res = await p.as("member").post(`/cut-versions/${versionId}/review-links`, input);
    expect(res.status, res.text).toBe(201);
    return res.body as CreatedReviewLinkDto;
  };
  const open = (token: string, json: Record<string, unknown>) => p.anonymous.post(`/review-link/${token}/open`, json);
  const opened = async (token: string, name = "Ana Ruiz", password?: string) => {
    const res = await open(token, { name, password });
    expect(res.status, res.text).toBe(200);
    return res.body as OpenedReviewLinkDto;
  };
  const asGuest = (grant: string) => ({ headers: { [REVIEW_GRANT_HEADER]: grant } });

  it("answers who may create and list a version's links", async () => {
    await expectMatrixRow(p, cookies, fixture, [
      "create a link",
      "POST",
      (f) => `/cut-versions/${f.v1.id}/review-links`,
      { label: "Mentor" },
      // The equipment office is not among those who change a project's things (projects/access.ts).
      [401, 403, 201, 201, 403, 201],
    ]);
    await expectMatrixRow(p, cookies, fixture, [
      "list links",
      "GET",
      (f) => `/cut-versions/${f.v1.id}/review-links`,
      undefined,
      [401, 403, 200, 200, 403, 200],
    ]);
    await expectMatrixRow(p, cookies, fixture, [
      "export notes",
      "GET",
      (f) => `/cut-versions/${f.v1.id}/notes.csv`,
      undefined,
      [401, 200, 200, 200, 200, 200],
    ]);
  });

  it("refuses bad input with a message", async () => {
    const f = await fixture();
    await expectClientErrors(p, cookies.member!, [
      ["POST", `/cut-versions/${f.v1.id}/review-links`, { label: "" }],
      ["POST", `/cut-versions/${f.v1.id}/review-links`, { label: "A", expiresInDays: 0 }],
      ["POST", `/cut-versions/${f.v1.id}/review-links`, { label: "A", expiresInDays: 91 }],
      ["POST", `/cut-versions/${f.v1.id}/review-links`, { label: "A", expiresInDays: 2.5 }],
      ["POST", `/cut-versions/${f.v1.id}/review-links`, { label: "A", password: "123" }],
      ["POST", `/cut-versions/not-an-id/review-links`, { label: "A" }],
      ["POST", `/cut-versions/${f.project.id}/review-links`, { label: "A" }],
      ["POST", `/review-links/${f.v1.id}/revoke`],
      ["GET", `/cut-versions/${f.v1.id}/notes.doc`],
    ]);
    const { token } = await create(f.v1.id);
    for (const [json, status] of [
      [{ name: "" }, 400],
      [{ name: "x".repeat(81) }, 400],
      [{}, 400],
    ] as const) {
      const res = await open(token, json);
      expect(res.status, res.text).toBe(status);
    }
  });

  it("shows the token once, opens under a name and records the view", async () => {
    const f = await fixture();
    const created = await create(f.v1.id, { label: "Composer – Ana", expiresInDays: 3 });
    expect(created.path).toBe(`/review/${created.token}`);
    expect(created.link).toMatchObject({ label: "Composer – Ana", hasPassword: false, views: 0, state: "open" });
    const [stored] = await p.services.db.select().from(reviewLinks).where(eq(reviewLinks.id, created.link.id));
    expect(stored!.tokenHash).not.toContain(created.token);
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const intro = await p.anonymous.get(`/review-link/${created.token}`);
    expect(intro.body).toEqual({
      label: "Composer – Ana",
      needsPassword: false,
      cutTitle: "Rough cut",
      versionNumber: 1,
    });

    const res = await open(created.token, { name: "  Ana   Ruiz " });
    expect(res.status, res.text).toBe(200);
    const o = res.body as OpenedReviewLinkDto;
    expect(o.name).toBe("Ana Ruiz");
    expect(o.version).toMatchObject({
      cutTitle: "Rough cut",
      versionNumber: 1,
      durationMs: 5000,
      fpsNum: 25,
      fpsDen: 1,
      startTimecode: "01:00:00:00",
      proxyStatus: "waiting",
      playKind: "original",
    });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^review_grant=[^;]+;/);
    expect(cookie).toContain(`Path=/rest/v1/review-link/${created.token};`);
    expect(cookie).toContain("HttpOnly");
    expect(res.headers.get("cache-control")).toBe("no-store");
    await opened(created.token, "Ana Ruiz");

    const list = await p.as("member").get(`/cut-versions/${f.v1.id}/review-links`);
    expect(list.status).toBe(200);
    const [link] = list.body as ReviewLinkDto[];
    expect(link).toMatchObject({ id: created.link.id, views: 2, lastViewerName: "Ana Ruiz", state: "open" });
    expect(list.text).not.toContain(created.token);
    const views = await p.services.db.select().from(reviewLinkViews).where(eq(reviewLinkViews.linkId, link!.id));
    expect(views.map((v) => v.viewerName)).toEqual(["Ana Ruiz", "Ana Ruiz"]);

    const session = await p.anonymous.get(`/review-link/${created.token}/session`, asGuest(o.grant));
    expect(session.status, session.text).toBe(200);
    expect(session.body.name).toBe("Ana Ruiz");
  });

  it("asks for the password: 401 without it or when wrong, open with it", async () => {
    const f = await fixture();
    const { token, link } = await create(f.v1.id, { label: "Mentor", password: "tram-bell-7" });
    expect(link.hasPassword).toBe(true);
    const [stored] = await p.services.db.select().from(reviewLinks).where(eq(reviewLinks.id, link.id));
    expect(stored!.passwordHash).not.toContain("tram-bell-7");
    expect((await p.anonymous.get(`/review-link/${token}`)).body.needsPassword).toBe(true);

    const none = await open(token, { name: "Mia" });
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({
      message: expect.stringMatching(/password/),
      details: { needsPassword: true },
    });
    const wrong = await open(token, { name: "Mia", password: "tram-bell-8" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toMatch(/not right/);
    const right = await opened(token, "Mia", "tram-bell-7");
    expect(right.name).toBe("Mia");
    const views = await p.services.db.select().from(reviewLinkViews).where(eq(reviewLinkViews.linkId, link.id));
    expect(views).toHaveLength(1);
  });

  it("answers 404 for an unknown link and 410 once it expired or was revoked", async () => {
    const f = await fixture();
    expect((await open("x".repeat(43), { name: "A" })).status).toBe(404);
    expect((await open("short", { name: "A" })).status).toBe(404);

    const expiring = await create(f.v1.id);
    const o = await opened(expiring.token);
    await p.services.db
      .update(reviewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewLinks.id, expiring.link.id));
    const expired = await open(expiring.token, { name: "A" });
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toMatch(/expired/);
    // A grant given before does not outlive its link.
    expect((await p.anonymous.get(`/review-link/${expiring.token}/notes`, asGuest(o.grant))).status).toBe(410);

    const revoking = await create(f.v1.id);
    const g = await opened(revoking.token);
    const revoked = await p.as("member").post(`/review-links/${revoking.link.id}/revoke`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.state).toBe("revoked");
    const after = await open(revoking.token, { name: "A" });
    expect(after.status).toBe(410);
    expect(after.body.error.message).toMatch(/turned this review link off/);
    expect((await p.anonymous.get(`/review-link/${revoking.token}/media/original`, asGuest(g.grant))).status).toBe(410);
    const outsider = await p.as("outsider").post(`/review-links/${revoking.link.id}/revoke`);
    expect(outsider.status).toBe(403);
  });

  it("takes a guest's notes under their name and shows them the version's notes", async () => {
    const f = await fixture();
    await p.services.db.insert(reviewNotes).values([
      { versionId: f.v1.id, authorId: ids.staff, authorName: "Daniel Reyes", atMs: 400, body: "Start later." },
      { versionId: f.v2.id, authorId: ids.staff, authorName: "Daniel Reyes", atMs: 800, body: "Only on v2." },
    ]);
    const { token, link } = await create(f.v1.id);
    const o = await opened(token, "Ana Ruiz");

    expect((await p.anonymous.post(`/review-link/${token}/notes`, { body: "Hi", atMs: 0 })).status).toBe(401);
    const forged = o.grant.replace(/.$/, (ch) => (ch === "A" ? "B" : "A"));
    expect((await p.anonymous.get(`/review-link/${token}/notes`, asGuest(forged))).status).toBe(401);

    const added = await p.anonymous.post(
      `/review-link/${token}/notes`,
      { body: "Music in here.", atMs: 1640 },
      asGuest(o.grant),
    );
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ authorName: "Ana Ruiz", guest: true, atMs: 1640, body: "Music in here." });
    const [row] = await p.services.db.select().from(reviewNotes).where(eq(reviewNotes.id, added.body.id));
    expect(row!.guestLinkId).toBe(link.id);
    expect(row!.authorId).toBeNull();

    const parent = (await p.anonymous.get(`/review-link/${token}/notes`, asGuest(o.grant))).body as ReviewNote[];
    const start = parent.find((n) => n.body === "Start later.")!;
    const reply = await p.anonymous.post(
      `/review-link/${token}/notes`,
      { body: "Agreed.", atMs: 0, parentId: start.id },
      asGuest(o.grant),
    );
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.atMs).toBe(400);

    const notes = (await p.anonymous.get(`/review-link/${token}/notes`, asGuest(o.grant))).body as ReviewNote[];
    expect(notes.map((n) => [n.body, n.replies.map((r) => r.body)])).toEqual([
      ["Start later.", ["Agreed."]],
      ["Music in here.", []],
    ]);
    // The producer sees the guest's note.
    const csv = await p.as("member").get(`/cut-versions/${f.v1.id}/notes.csv`);
    expect(csv.text).toContain("Ana Ruiz (guest)");
    expect(csv.text).toContain("Music in here.");

    for (const json of [
      { body: "", atMs: 0 },
      { body: "Too late", atMs: 5001 },
      { body: "Backwards", atMs: 1000, endMs: 500 },
      { body: "x".repeat(4001), atMs: 0 },
      { body: "Not mine", atMs: 0, parentId: f.v2.id },
    ]) {
      const res = await p.anonymous.post(`/review-link/${token}/notes`, json, asGuest(o.grant));
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status, res.text).toBeLessThan(500);
    }
  });

  it("never lets a guest reach another version", async () => {
    const f = await fixture();
    const [v2note] = await p.services.db
      .insert(reviewNotes)
      .values({ versionId: f.v2.id, authorId: ids.staff, authorName: "Daniel Reyes", atMs: 800, body: "Only on v2." })
      .returning();
    const one = await create(f.v1.id);
    const two = await create(f.v2.id);
    const o = await opened(one.token);
    // The grant of one link does not open another, even of the same cut.
    expect((await p.anonymous.get(`/review-link/${two.token}/notes`, asGuest(o.grant))).status).toBe(401);
    expect((await p.anonymous.get(`/review-link/${two.token}/media/original`, asGuest(o.grant))).status).toBe(401);
    const notes = await p.anonymous.get(`/review-link/${one.token}/notes`, asGuest(o.grant));
    expect(notes.text).not.toContain("Only on v2.");
    const reply = await p.anonymous.post(
      `/review-link/${one.token}/notes`,
      { body: "Sneaky", atMs: 0, parentId: v2note!.id },
      asGuest(o.grant),
    );
    expect(reply.status).toBe(404);
    // Nor the signed-in API.
    for (const path of [`/cut-versions/${f.v2.id}/notes.csv`, `/cut-versions/${f.v1.id}/review-links`]) {
      expect((await p.anonymous.get(path, asGuest(o.grant))).status).toBe(401);
    }
    expect((await p.anonymous.get(`/review-link/${one.token}/media/proxy`, asGuest(o.grant))).status).toBe(404);
    expect((await p.anonymous.get(`/review-link/${one.token}/media/secret`, asGuest(o.grant))).status).toBe(404);
  });

  it("serves the video through the link with range requests", async () => {
    const f = await fixture();
    const { token } = await create(f.v1.id);
    const res = await open(token, { name: "Ana" });
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    const size = DEMO_CUT.byteLength;
    const get = (range?: string) =>
      p.request(`/rest/v1/review-link/${token}/media/original`, {
        cookie,
        headers: range ? { range } : {},
      });

    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(DEMO_CUT);

    const cases: [string, number, number][] = [
      ["bytes=0-0", 0, 0],
      [`bytes=${size >> 1}-${(size >> 1) + 999}`, size >> 1, (size >> 1) + 999],
      ["bytes=-1", size - 1, size - 1],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      [`bytes=100-${size + 50}`, 100, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const part = await get(range);
      expect(part.status, range).toBe(206);
      expect(part.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(new Uint8Array(await part.arrayBuffer()), range).toEqual(DEMO_CUT.slice(start, end + 1));
    }
    const past = await get(`bytes=${size}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${size}`);

    expect((await p.request(`/rest/v1/review-link/${token}/media/original`)).status).toBe(401);
  });

  it("slows down a run of tries at one link", async () => {
    const f = await fixture();
    const { token } = await create(f.v1.id, { label: "Guessing", password: "right-one" });
    const statuses: number[] = [];
    for (let i = 0; i <= OPENS_PER_MINUTE; i++)
      statuses.push((await open(token, { name: "X", password: `w${i}-xxx` })).status);
    expect(statuses.slice(0, OPENS_PER_MINUTE).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("seeds Red Line's rough cut in two versions with notes, a guest's and a decision", async () => {
    const [project] = await p.services.db.select().from(projects).where(eq(projects.title, "Red Line"));
    expect(project!.phase).toBe("post_production");
    const [cut] = await p.services.db.select().from(cuts).where(eq(cuts.projectId, project!.id));
    expect(cut!.title).toBe("Rough cut");
    const versions = await p.services.db
      .select()
      .from(cutVersions)
      .where(eq(cutVersions.cutId, cut!.id))
      .orderBy(cutVersions.number);
    expect(versions.map((v) => [v.number, v.proxyStatus, v.startTimecode, v.decision])).toEqual([
      [1, "ready", "01:00:00:00", "changes_requested"],
      [2, "ready", "01:00:00:00", null],
    ]);
    for (const v of versions) {
      const bytes = await storageFor(p.services.config).get(v.fileKey);
      expect(bytes?.byteLength).toBe(v.fileSize);
      expect(v.fileSize).toBeLessThan(150_000);
      expect(new TextDecoder().decode(bytes!.slice(4, 8))).toBe("ftyp");
    }
    const notes = await p.services.db.select().from(reviewNotes).where(isNull(reviewNotes.parentId));
    const of = (v: number) => notes.filter((n) => n.versionId === versions[v - 1]!.id);
    expect(of(1).length).toBeGreaterThanOrEqual(3);
    expect(of(1).some((n) => n.resolvedAt)).toBe(true);
    expect(of(1).some((n) => n.guestLinkId)).toBe(true);
    expect(of(2).some((n) => of(1).some((o) => o.id === n.carriedFromId))).toBe(true);
    const replies = await p.services.db
      .select()
      .from(reviewNotes)
      .where(and(eq(reviewNotes.versionId, versions[0]!.id)));
    expect(replies.some((r) => r.parentId)).toBe(true);
  });
});
