import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectDeliveryDto } from "../../../common/delivery.ts";
import type { ProjectDetail } from "../../../common/project-api.ts";
import { noteInput, type CarryResult, type CutReview, type ReviewNote } from "../../../common/review.ts";
import { cuts, cutVersions, jobs, notifications, reviewLinks } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { expectClientErrors, expectMatrixRow, signInAll } from "../../test/matrix.ts";
import { addGuestNote, listNotes } from "./index-review.ts";

const YEAR = "2035/36";

describe.each(DB_KINDS)("reviewing a cut on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};
  let cookies: Record<string, string> = {};
  let n = 0;

  /** A film of Lena's (member) supervised by Daniel (staff), with a cut of two versions of 10 s at 25 fps from 01:00:00:00. */
  const fixture = async (opts: { supervised?: boolean } = {}) => {
    const res = await p.as("member").post("/projects", {
      title: `Review Film ${++n}`,
      type: "fiction",
      academicYear: YEAR,
      ...(opts.supervised === false ? {} : { supervisorId: ids.staff }),
    });
    expect(res.status, res.text).toBe(201);
    const project = res.body as ProjectDetail;
    const [cut] = await p.services.db
      .insert(cuts)
      .values({ projectId: project.id, title: "Rough cut", createdBy: ids.member })
      .returning();
    const version = (number: number) => ({
      cutId: cut!.id,
      number,
      fileKey: `review/${cut!.id}/v${number}.mp4`,
      fileName: `rough-v${number}.mp4`,
      fileSize: 1000,
      mimeType: "video/mp4",
      durationMs: 10_000,
      fpsNum: 25,
      fpsDen: 1,
      startTimecode: "01:00:00:00",
      uploadedBy: ids.member,
      uploadedByName: "Lena Fischer",
    });
    const [v1, v2] = await p.services.db
      .insert(cutVersions)
      .values([version(1), version(2)])
      .returning();
    return { project, cut: cut!, v1: v1!, v2: v2! };
  };
  const note = async (versionId: string, json: unknown, as = "staff") => {
    const res = await p.as(as).post(`/cut-versions/${versionId}/notes`, json);
    expect(res.status, res.text).toBe(201);
    return res.body as ReviewNote;
  };
  const notes = async (versionId: string, q = "", as = "member") => {
    const res = await p.as(as).get(`/cut-versions/${versionId}/notes${q}`);
    expect(res.status, res.text).toBe(200);
    return res.body as ReviewNote[];
  };
  const errorOf = (res: { body: { error: { message: string } } }) => res.body.error.message;

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids, cookies } = await signInAll(p));
  });
  afterAll(() => p?.close());

  it("keeps notes in time order with their replies, resolves them and filters by reviewer and state", async () => {
    const f = await fixture();
    const late = await note(f.v1.id, { atMs: 8000, body: "The cut to black is too early." });
    const range = await note(f.v1.id, { atMs: 1000, endMs: 3000, body: "This stretch drags." }, "member");
    const drawn = await note(f.v1.id, {
      atMs: 4160,
      body: "Reframe: the boom is in shot here.",
      drawing: {
        strokes: [
          {
            color: "#ff0000",
            points: [
              [0.1, 0.1],
              [0.4, 0.2],
            ],
          },
        ],
      },
    });
    expect(range).toMatchObject({ authorName: "Lena Fischer", atMs: 1000, endMs: 3000, guest: false, replies: [] });
    expect(drawn.drawing?.strokes[0]?.points).toHaveLength(2);

    const reply = await p.as("member").post(`/review-notes/${late.id}/replies`, { body: "Agreed, I'll hold it." });
    expect(reply.status, reply.text).toBe(201);
    // A reply to a reply joins the same thread, at its note's time.
    const second = await p
      .as("staff")
      .post(`/review-notes/${(reply.body as ReviewNote).id}/replies`, { body: "Good." });
    expect(second.body).toMatchObject({ parentId: late.id, atMs: 8000 });

    const all = await notes(f.v1.id);
    expect(all.map((x) => x.atMs)).toEqual([1000, 4160, 8000]);
    expect(all[2]!.replies.map((r) => r.body)).toEqual(["Agreed, I'll hold it.", "Good."]);

    // The crew resolves a note of the supervisor's; its resolver is kept.
    const resolved = await p.as("member").patch(`/review-notes/${late.id}`, { resolved: true });
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.body).toMatchObject({ resolvedByName: "Lena Fischer" });
    expect((await notes(f.v1.id, "?state=open")).map((x) => x.id)).toEqual([range.id, drawn.id]);
    expect((await notes(f.v1.id, "?state=resolved")).map((x) => x.id)).toEqual([late.id]);
    expect((await notes(f.v1.id, `?reviewer=${ids.staff}`)).map((x) => x.id)).toEqual([drawn.id, late.id]);
    expect((await notes(f.v1.id, "?reviewer=lena%20FISCHER")).map((x) => x.id)).toEqual([range.id]);
    expect(await notes(f.v1.id, `?reviewer=Daniel%20Reyes&state=open`)).toHaveLength(1);
    const reopened = await p.as("staff").patch(`/review-notes/${late.id}`, { resolved: false });
    expect(reopened.body).toMatchObject({ resolvedAt: null, resolvedByName: null });

    // Its author rewrites the text; nobody else does. Someone outside the crew resolves nothing of others'.
    expect((await p.as("staff").patch(`/review-notes/${drawn.id}`, { body: "Reframe the boom out." })).status).toBe(
      200,
    );
    const foreign = await p.as("member").patch(`/review-notes/${drawn.id}`, { body: "Mine now" });
    expect(foreign.status).toBe(403);
    expect(errorOf(foreign)).toMatch(/Only the person who wrote a note/);
    expect((await p.as("outsider").patch(`/review-notes/${drawn.id}`, { resolved: true })).status).toBe(403);

    // Deleting: its author or staff, with the replies; a classmate's note stays.
    expect((await p.as("outsider").delete(`/review-notes/${range.id}`)).status).toBe(403);
    const gone = await p.as("staff").delete(`/review-notes/${late.id}`);
    expect(gone.body).toEqual({ deleted: 3 });
    expect((await notes(f.v1.id)).map((x) => x.id)).toEqual([range.id, drawn.id]);

    // The crew heard of the supervisor's note, with its timecode and the link to the cut page.
    const told = await p.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.member!), eq(notifications.kind, "review")));
    const n8 = told.find((t) => t.body.includes("01:00:08:00"));
    expect(n8).toMatchObject({
      title: "New note on Rough cut v1",
      link: `/project/${f.project.id}/cut/${f.cut.id}?v=${f.v1.id}`,
    });
  });

  it("takes a guest's note through the service the guest links call, and lists it for them", async () => {
    const f = await fixture();
    const [link] = await p.services.db
      .insert(reviewLinks)
      .values({ versionId: f.v1.id, tokenHash: `hash-${n}`, label: "Composer", expiresAt: new Date(Date.now() + 1e9) })
      .returning();
    const guest = await addGuestNote(p.services, {
      versionId: f.v1.id,
      linkId: link!.id,
      authorName: "  Mira the composer ",
      atMs: 2000,
      body: "Music comes in a beat late.",
    });
    expect(guest).toMatchObject({ authorName: "Mira the composer", guest: true, authorId: null });
    expect((await listNotes(p.services, f.v1.id, { reviewer: "mira the composer" })).map((x) => x.id)).toEqual([
      guest.id,
    ]);
    await expect(
      addGuestNote(p.services, { versionId: f.v1.id, linkId: link!.id, authorName: " ", atMs: 0, body: "x" }),
    ).rejects.toThrow(/Give your name/);
  });

  it("carries the open notes forward to the newer version once, and never backwards", async () => {
    const f = await fixture();
    const a = await note(f.v1.id, { atMs: 500, body: "Open one" });
    const b = await note(f.v1.id, { atMs: 700, endMs: 900, body: "Open two" }, "member");
    const c = await note(f.v1.id, { atMs: 600, body: "Fixed already" });
    expect((await p.as("member").patch(`/review-notes/${c.id}`, { resolved: true })).status).toBe(200);

    const first = await p.as("member").post(`/cut-versions/${f.v2.id}/carry-notes`, { fromVersionId: f.v1.id });
    expect(first.status, first.text).toBe(200);
    const carried = first.body as CarryResult;
    expect(carried.carried).toBe(2);
    expect(carried.notes.map((x) => [x.carriedFromId, x.atMs, x.endMs, x.authorName])).toEqual([
      [a.id, 500, null, "Daniel Reyes"],
      [b.id, 700, 900, "Lena Fischer"],
    ]);
    const again = await p.as("staff").post(`/cut-versions/${f.v2.id}/carry-notes`, { fromVersionId: f.v1.id });
    expect((again.body as CarryResult).carried).toBe(0);
    expect(await notes(f.v2.id)).toHaveLength(2);

    const back = await p.as("member").post(`/cut-versions/${f.v1.id}/carry-notes`, { fromVersionId: f.v2.id });
    expect(back.status).toBe(400);
    expect(errorOf(back)).toMatch(/carried forward/);
    const outsider = await p.as("outsider").post(`/cut-versions/${f.v2.id}/carry-notes`, { fromVersionId: f.v1.id });
    expect(outsider.status).toBe(403);
    const other = await fixture();
    const across = await p.as("staff").post(`/cut-versions/${f.v2.id}/carry-notes`, { fromVersionId: other.v1.id });
    expect(errorOf(across)).toMatch(/same cut/);

    const review = (await p.as("member").get(`/cuts/${f.cut.id}/review`)).body as CutReview;
    expect(review.cut.versions.map((v) => [v.number, v.openNotes])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(review).toMatchObject({ canEdit: true, canDecide: false, supervisorName: "Daniel Reyes" });
  });

  it("lets only the supervisor decide; picture lock ticks the post milestone and the delivery item", async () => {
    const f = await fixture();
    const decide = (as: string, json: unknown, versionId = f.v2.id) =>
      p.as(as).post(`/cut-versions/${versionId}/decision`, json);
    const member = await decide("member", { decision: "approved", pictureLock: true });
    expect(member.status).toBe(403);
    expect(errorOf(member)).toBe("Only the project's supervisor, Daniel Reyes, approves a cut or asks for changes.");

    const changes = await decide("staff", { decision: "changes_requested", note: "Trim the opening." }, f.v1.id);
    expect(changes.status, changes.text).toBe(200);
    const told = await p.services.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.member!), eq(notifications.title, "Changes requested on Rough cut v1")));
    expect(told[0]?.body).toBe("Changes requested by Daniel Reyes: Trim the opening.");
    // And by e-mail, through the queue.
    const mails = await p.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = 'student@portal.test'`));
    expect(
      mails.some((m) => (m.payload as { subject: string }).subject.startsWith("Rough cut v1 of “Review Film")),
    ).toBe(true);
    const before = (await p.as("member").get(`/projects/${f.project.id}/delivery`)).body as ProjectDeliveryDto;
    expect(before.items.find((i) => i.key === "picture_lock")).toMatchObject({
      done: false,
      why: "No cut is approved as picture lock yet.",
    });

    // A post milestone of the project's own is the one ticked.
    const ms = await p.as("member").post(`/projects/${f.project.id}/milestones`, {
      title: "Post-production: picture lock",
      dueDate: "2036-03-01",
    });
    expect(ms.status, ms.text).toBeLessThan(300);
    const locked = await decide("staff", { decision: "approved", pictureLock: true, note: "Locked." });
    expect(locked.status, locked.text).toBe(200);
    expect((locked.body as CutReview).cut.versions[1]).toMatchObject({
      decision: "approved",
      pictureLock: true,
      decidedByName: "Daniel Reyes",
      decisionNote: "Locked.",
    });
    const project = (await p.as("member").get(`/projects/${f.project.id}`)).body as ProjectDetail;
    expect(project.milestones.map((m) => [m.title, m.done])).toEqual([["Post-production: picture lock", true]]);
    const after = (await p.as("member").get(`/projects/${f.project.id}/delivery`)).body as ProjectDeliveryDto;
    expect(after.items.find((i) => i.key === "picture_lock")?.done).toBe(true);
    expect(after.items.find((i) => i.key === "picture_lock")?.why).toMatch(
      /^Rough cut v2 approved as picture lock by Daniel Reyes on \d{4}-\d{2}-\d{2}\.$/,
    );

    // With no post milestone, one called "Picture lock" is made, done; an admin may decide too.
    const g = await fixture();
    expect((await decide("admin", { decision: "approved", pictureLock: true }, g.v1.id)).status).toBe(200);
    const made = (await p.as("member").get(`/projects/${g.project.id}`)).body as ProjectDetail;
    expect(made.milestones.map((m) => [m.title, m.done])).toEqual([["Picture lock", true]]);

    // Without a supervisor on the project, staff are told to name one.
    const h = await fixture({ supervised: false });
    const none = await decide("staff", { decision: "approved" }, h.v1.id);
    expect(none.status).toBe(403);
    expect(errorOf(none)).toMatch(/has none yet/);
  });

  it("refuses bad input with a message, never a 500", async () => {
    const f = await fixture();
    const n1 = await note(f.v1.id, { atMs: 0, body: "First frame" });
    const reply = (await p.as("member").post(`/review-notes/${n1.id}/replies`, { body: "ok" })).body as ReviewNote;
    const past = await p.as("staff").post(`/cut-versions/${f.v1.id}/notes`, { atMs: 12_000, body: "After the end" });
    expect(errorOf(past)).toBe("The note's time 01:00:12:00 is past the end of v1, which ends at 01:00:10:00.");
    const backwards = await p
      .as("staff")
      .post(`/cut-versions/${f.v1.id}/notes`, { atMs: 3000, endMs: 2000, body: "x" });
    expect(errorOf(backwards)).toMatch(/end of the range must come after its start/);
    await expectClientErrors(p, cookies.staff!, [
      ["POST", `/cut-versions/${f.v1.id}/notes`, { atMs: 1000, body: "   " }],
      ["POST", `/cut-versions/${f.v1.id}/notes`, { atMs: -1, body: "x" }],
      ["POST", `/cut-versions/${f.v1.id}/notes`, { atMs: 1.5, body: "x" }],
      ["POST", `/cut-versions/${f.v1.id}/notes`, { atMs: "01:00:00:00", body: "x" }],
      ["POST", `/cut-versions/${f.v1.id}/notes`, { atMs: 0, body: "x".repeat(4001) }],
      ["POST", `/cut-versions/${f.v1.id}/notes`, { atMs: 0, body: "x", drawing: { strokes: [] } }],
      [
        "POST",
        `/cut-versions/${f.v1.id}/notes`,
        { atMs: 0, body: "x", drawing: { strokes: [{ color: "red", points: [[0, 0]] }] } },
      ],
      ["POST", `/cut-versions/not-an-id/notes`, { atMs: 0, body: "x" }],
      ["POST", `/cut-versions/${crypto.randomUUID()}/notes`, { atMs: 0, body: "x" }],
      ["GET", `/cut-versions/${f.v1.id}/notes?state=maybe`],
      ["PATCH", `/review-notes/${n1.id}`, {}],
      ["PATCH", `/review-notes/${n1.id}`, { resolved: "yes" }],
      ["PATCH", `/review-notes/${reply.id}`, { resolved: true }],
      ["PATCH", `/review-notes/${crypto.randomUUID()}`, { resolved: true }],
      ["POST", `/review-notes/${n1.id}/replies`, { body: "" }],
      ["POST", `/cut-versions/${f.v2.id}/carry-notes`, { fromVersionId: "v1" }],
      ["POST", `/cut-versions/${f.v2.id}/decision`, { decision: "maybe" }],
      ["POST", `/cut-versions/${f.v2.id}/decision`, { decision: "changes_requested", pictureLock: true }],
      ["GET", `/cuts/${crypto.randomUUID()}/review`],
    ]);
  });

  it("answers each caller as the rules say (authorization matrix)", async () => {
    const noteOf = async () => {
      const f = await fixture();
      return { ...f, note: await note(f.v1.id, { atMs: 100, body: "A note" }, "member") };
    };
    type F = Awaited<ReturnType<typeof noteOf>>;
    const rows: [string, string, (f: F) => string, Record<string, unknown> | undefined, number[]][] = [
      ["review", "GET", (f) => `/cuts/${f.cut.id}/review`, undefined, [401, 200, 200, 200, 200, 200]],
      ["notes", "GET", (f) => `/cut-versions/${f.v1.id}/notes`, undefined, [401, 200, 200, 200, 200, 200]],
      ["note", "POST", (f) => `/cut-versions/${f.v1.id}/notes`, { atMs: 0, body: "x" }, [401, 201, 201, 201, 201, 201]],
      ["reply", "POST", (f) => `/review-notes/${f.note.id}/replies`, { body: "x" }, [401, 201, 201, 201, 201, 201]],
      ["resolve", "PATCH", (f) => `/review-notes/${f.note.id}`, { resolved: true }, [401, 403, 200, 200, 403, 200]],
      ["delete", "DELETE", (f) => `/review-notes/${f.note.id}`, undefined, [401, 403, 200, 200, 403, 200]],
      ["carry", "POST", (f) => `/cut-versions/${f.v2.id}/carry-notes`, undefined, [401, 403, 200, 200, 403, 200]],
      [
        "decide",
        "POST",
        (f) => `/cut-versions/${f.v1.id}/decision`,
        { decision: "approved" },
        [401, 403, 403, 200, 403, 200],
      ],
    ];
    for (const [name, method, path, json, expected] of rows) {
      const body = name === "carry" ? undefined : json;
      await expectMatrixRow<F>(p, cookies, noteOf, [
        name,
        method,
        path,
        name === "carry" ? (f: F) => ({ fromVersionId: f.v1.id }) : body,
        expected as unknown as [number, number, number, number, number, number],
      ]);
    }
  });
});

describe("a note's input", () => {
  it("accepts every time and range in order, and refuses a range that ends before it starts", () => {
    fc.assert(
      fc.property(fc.nat(48 * 3600 * 1000), fc.nat(48 * 3600 * 1000), (a, b) => {
        const r = noteInput.safeParse({ atMs: a, endMs: b, body: "x" });
        expect(r.success).toBe(b > a);
      }),
    );
  });
});
