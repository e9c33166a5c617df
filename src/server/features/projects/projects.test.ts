import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { ProjectDetail } from "../../../common/project-api.ts";
import { jobs, notifications, phaseChanges, profiles } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import {
  CALLER_EMAILS,
  CALLERS,
  expectClientErrors,
  expectMatrixRow,
  SIGNED_IN,
  signInAll,
  type Expected,
  type MatrixRow,
} from "../../test/matrix.ts";
import { feedGreenlight } from "./greenlight.ts";

/** Projects made by these tests live in this academic year, so the demo seed's projects never get in the way. */
const YEAR = "2031/32";
const MISSING = "00000000-0000-4000-8000-000000000000";

describe.each(DB_KINDS)("projects on %s", (kind) => {
  let p: TestPortal;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  /** A documentary led by Lena (student), supervised by Daniel Reyes (staff), with Jun on the crew. */
  const makeProject = async (over: Record<string, unknown> = {}): Promise<ProjectDetail> => {
    const created = await p.as("member").post("/projects", {
      title: "The Salt Road",
      type: "documentary",
      academicYear: YEAR,
      supervisorId: ids.staff,
      myRoles: ["director"],
      ...over,
    });
    expect(created.status).toBe(201);
    const added = await p
      .as("member")
      .post(`/projects/${created.body.id}/members`, { userId: ids.jun, roles: ["sound"] });
    expect(added.status).toBe(201);
    return added.body;
  };
  const emailJobsTo = async (email: string) =>
    (
      await p.services.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${email}`))
    ).map((j) => j.payload as { subject: string; text: string });

  beforeAll(async () => {
    p = await startTestPortal(kind);
    const signedIn = await signInAll(p, {
      ...CALLER_EMAILS,
      jun: "jun.park@portal.test",
      noor: "noor.haddad@portal.test",
      amara: "amara.diallo@portal.test",
    });
    Object.assign(cookies, signedIn.cookies);
    Object.assign(ids, signedIn.ids);
  }, 120_000);
  afterAll(() => p?.close());

  describe("creating and reading", () => {
    it("makes the creator a lead with the roles they give, producer by default", async () => {
      const res = await p
        .as("outsider")
        .post("/projects", { title: "  Night Bus ", type: "fiction", academicYear: YEAR });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: "Night Bus",
        phase: "development",
        version: 1,
        canEdit: true,
        isMember: true,
        documentary: null,
      });
      expect(res.body.members).toEqual([
        expect.objectContaining({ userId: ids.outsider, roles: ["producer"], isLead: true }),
      ]);
      expect(res.body.activity[0].summary).toBe("Tomás Novák created the project, as producer");
      expect(res.body.greenlight).toHaveLength(6);
      const staffMade = await p.as("staff").post("/projects", {
        title: "Faculty Short",
        type: "other",
        academicYear: YEAR,
        myRoles: ["writer", "director"],
      });
      expect(staffMade.status).toBe(201);
    });

    it("answers an unknown or malformed id with a not-found, never a 500", async () => {
      for (const id of ["not-a-uuid", MISSING, "'; drop table projects; --"]) {
        const res = await p.as("member").get(`/projects/${encodeURIComponent(id)}`);
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe("There is no project with this id.");
      }
    });

    it("lets everyone signed in read a project, with what they may do", async () => {
      const project = await makeProject();
      const asOutsider = (await p.as("outsider").get(`/projects/${project.id}`)).body as ProjectDetail;
      expect(asOutsider).toMatchObject({
        canEdit: false,
        isMember: false,
        canOverrideGreenlight: false,
        canDelete: false,
      });
      expect(asOutsider.greenlight.every((g) => !g.canTick)).toBe(true);
      const asStaff = (await p.as("staff").get(`/projects/${project.id}`)).body as ProjectDetail;
      expect(asStaff).toMatchObject({
        canEdit: true,
        canOverrideGreenlight: true,
        supervisor: { id: ids.staff, name: "Daniel Reyes" },
      });
      expect(asStaff.greenlight.find((g) => g.key === "supervisor_signoff")!.canTick).toBe(true);
      expect(asStaff.greenlight.find((g) => g.key === "budget_approved")!.canTick).toBe(false);
      expect(asStaff.documentary).toEqual({ participants: [], interviews: [], archival: [] });
    });

    it("refuses a supervisor who is not staff and shoot dates that end before they start", async () => {
      const student = await p
        .as("member")
        .post("/projects", { title: "X", type: "fiction", academicYear: YEAR, supervisorId: ids.jun });
      expect(student.status).toBe(400);
      expect(student.body.error.message).toBe("The supervisor must be a member of staff.");
      const dates = await p.as("member").post("/projects", {
        title: "X",
        type: "fiction",
        academicYear: YEAR,
        shootStart: "2031-10-10",
        shootEnd: "2031-10-01",
      });
      expect(dates.status).toBe(400);
      expect(dates.body.error.message).toBe("The shoot cannot end before it starts.");
    });
  });

  describe("editing safely", () => {
    it("lets members and staff edit, not other students, and records what changed", async () => {
      const project = await makeProject();
      const byJun = await p
        .as("jun")
        .patch(`/projects/${project.id}`, { version: 1, logline: "A salt flat, a family, one summer." });
      expect(byJun.status).toBe(200);
      expect(byJun.body.version).toBe(2);
      expect(byJun.body.activity[0].summary).toBe("Jun Park edited the logline");
      const outsider = await p.as("outsider").patch(`/projects/${project.id}`, { version: 2, title: "Mine now" });
      expect(outsider.status).toBe(403);
      expect(outsider.body.error.message).toMatch(/crew, staff and admins/);
      const staff = await p.as("staff").patch(`/projects/${project.id}`, {
        version: 2,
        title: "Salt Road",
        shootStart: "2031-11-02",
        shootEnd: "2031-11-09",
      });
      expect(staff.status).toBe(200);
      expect(staff.body).toMatchObject({
        title: "Salt Road",
        shootStart: "2031-11-02",
        shootEnd: "2031-11-09",
        version: 3,
      });
      expect(staff.body.activity[0].summary).toBe("Daniel Reyes edited the title and the shoot dates");
      const badEnd = await p.as("staff").patch(`/projects/${project.id}`, { version: 3, shootEnd: "2031-10-01" });
      expect(badEnd.status).toBe(400);
      expect(badEnd.body.error.message).toBe("The shoot cannot end before it starts.");
    });

    it("tells a stale save so, with the project as it now is", async () => {
      const project = await makeProject();
      const first = await p.as("member").patch(`/projects/${project.id}`, { version: 1, title: "First" });
      expect(first.status).toBe(200);
      const stale = await p.as("jun").patch(`/projects/${project.id}`, { version: 1, title: "Second" });
      expect(stale.status).toBe(409);
      expect(stale.body.error.message).toMatch(/Someone else saved this project/);
      expect(stale.body.error.details.current).toMatchObject({ title: "First", version: 2 });
    });

    it("lets exactly one of two simultaneous saves of the same version through", async () => {
      const project = await makeProject();
      const results = await Promise.all([
        p.as("member").patch(`/projects/${project.id}`, { version: 1, title: "Lena's title" }),
        p.as("staff").patch(`/projects/${project.id}`, { version: 1, title: "Daniel's title" }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const now = (await p.as("member").get(`/projects/${project.id}`)).body;
      expect(now.version).toBe(2);
      expect(now.title).toBe(results.find((r) => r.status === 200)!.body.title);
    });

    it("lets only an admin delete a project, and audits it", async () => {
      const project = await makeProject({ title: "Delete Me" });
      expect((await p.as("staff").delete(`/projects/${project.id}`)).status).toBe(403);
      expect((await p.as("admin").delete(`/projects/${project.id}`)).status).toBe(204);
      expect((await p.as("admin").get(`/projects/${project.id}`)).status).toBe(404);
      expect((await p.as("admin").delete(`/projects/${project.id}`)).status).toBe(404);
      const log = (await p.as("admin").get("/audit-log")).body;
      expect(log.items[0]).toMatchObject({ action: "project.deleted", targetLabel: "Delete Me" });
    });
  });

  describe("the list", () => {
    const LIST_YEAR = "2032/33";
    beforeAll(async () => {
      const make = (title: string, type: string, course: string, shootStart: string | null, as = "member") =>
        p
          .as(as)
          .post("/projects", { title, type, course, academicYear: LIST_YEAR, shootStart, supervisorId: ids.staff });
      await make("Bramble", "fiction", "Fiction Workshop II", "2032-03-01");
      await make("alder", "animation", "Animation Studio", null);
      await make("Cedar Lane", "documentary", "Documentary Practice", "2032-01-15", "outsider");
      await make("Dune Song", "music_video", "Music Video Lab", "2032-02-10", "outsider");
      await make("Elm", "fiction", "Fiction Workshop II", null, "staff");
    });
    const titles = (r: { body: { items: { title: string }[] } }) => r.body.items.map((i) => i.title);

    it("pages in the database with a total", async () => {
      const first = await p
        .as("member")
        .get(`/projects?academicYear=${encodeURIComponent(LIST_YEAR)}&sort=title&limit=2`);
      expect(first.body.total).toBe(5);
      expect(titles(first)).toEqual(["alder", "Bramble"]);
      const third = await p
        .as("member")
        .get(`/projects?academicYear=${encodeURIComponent(LIST_YEAR)}&sort=title&limit=2&offset=4`);
      expect(titles(third)).toEqual(["Elm"]);
    });

    it("sorts by title, shoot start (unset last), phase and last update", async () => {
      const q = `/projects?academicYear=${encodeURIComponent(LIST_YEAR)}`;
      expect(titles(await p.as("member").get(`${q}&sort=title&dir=desc`))).toEqual([
        "Elm",
        "Dune Song",
        "Cedar Lane",
        "Bramble",
        "alder",
      ]);
      expect(titles(await p.as("member").get(`${q}&sort=shootStart`)).slice(0, 3)).toEqual([
        "Cedar Lane",
        "Dune Song",
        "Bramble",
      ]);
      expect(titles(await p.as("member").get(`${q}&sort=updated`))[0]).toBe("Elm");
      const elm = (await p.as("member").get(`${q}&search=elm`)).body.items[0];
      await p.as("staff").post(`/projects/${elm.id}/phase`, { to: "pre_production", reason: "Script locked" });
      expect(titles(await p.as("member").get(`${q}&sort=phase&dir=desc`))[0]).toBe("Elm");
    });

    it("filters by type, course, supervisor, phase, search and my projects", async () => {
      const q = `/projects?academicYear=${encodeURIComponent(LIST_YEAR)}&sort=title`;
      expect(titles(await p.as("member").get(`${q}&type=fiction`))).toEqual(["Bramble", "Elm"]);
      expect(titles(await p.as("member").get(`${q}&course=${encodeURIComponent("Music Video Lab")}`))).toEqual([
        "Dune Song",
      ]);
      expect((await p.as("member").get(`${q}&supervisorId=${ids.staff}`)).body.total).toBe(5);
      expect(titles(await p.as("member").get(`${q}&search=LANE`))).toEqual(["Cedar Lane"]);
      expect(titles(await p.as("member").get(`${q}&search=%25`))).toEqual([]);
      expect(titles(await p.as("outsider").get(`${q}&mine=true`))).toEqual(["Cedar Lane", "Dune Song"]);
      // Staff's "mine" holds the productions they supervise as well as their crews.
      const supervised = titles(await p.as("member").get(`${q}&supervisorId=${ids.staff}`));
      expect(supervised.length).toBeGreaterThan(0);
      expect(titles(await p.as("staff").get(`${q}&mine=true`))).toEqual(expect.arrayContaining(supervised));
      expect((await p.as("member").get(`${q}&phase=completed`)).body.total).toBe(0);
    });

    it("answers list rows with crew, greenlight and blockers", async () => {
      const [row] = (await p.as("member").get(`/projects?academicYear=${encodeURIComponent(LIST_YEAR)}&search=Bramble`))
        .body.items;
      expect(row).toMatchObject({
        title: "Bramble",
        supervisor: { id: ids.staff, name: "Daniel Reyes" },
        memberCount: 1,
        leadNames: ["Lena Fischer"],
        greenlight: { done: 0, total: 6 },
        blockers: 6,
        isMember: true,
        nextMilestone: null,
      });
      await p.as("member").post(`/projects/${row.id}/milestones`, { title: "Table read", dueDate: "2020-01-01" });
      await p.as("member").put(`/projects/${row.id}/greenlight/crew_complete`, { done: true });
      const [after] = (
        await p.as("member").get(`/projects?academicYear=${encodeURIComponent(LIST_YEAR)}&search=Bramble`)
      ).body.items;
      expect(after).toMatchObject({
        greenlight: { done: 1, total: 6 },
        blockers: 6,
        nextMilestone: { title: "Table read", dueDate: "2020-01-01", overdue: true },
      });
    });

    it("lists documentaries with their own counts", async () => {
      const project = await makeProject({ title: "Counting Doc", academicYear: "2033/34" });
      const base = `/projects/${project.id}/documentary`;
      const a = await p.as("member").post(`${base}/participants`, { name: "Ada" });
      await p.as("member").post(`${base}/participants`, { name: "Bo", consentStatus: "signed" });
      const ada = a.body.documentary.participants[0].id;
      await p.as("member").post(`${base}/interviews`, {
        subject: "Ada at home",
        participantId: ada,
        scheduledAt: "2099-05-01T10:00:00Z",
      });
      await p
        .as("member")
        .post(`${base}/interviews`, { subject: "Ada at work", scheduledAt: "2020-05-01T10:00:00Z", status: "done" });
      await p.as("member").post(`${base}/archival`, { title: "Harbour 1962", licenceStatus: "requested" });
      await p.as("member").post(`${base}/archival`, { title: "Newsreel", licenceStatus: "public_domain" });
      const list = await p.as("outsider").get(`/projects/documentary?academicYear=${encodeURIComponent("2033/34")}`);
      expect(list.body.total).toBe(1);
      expect(list.body.items[0]).toMatchObject({
        title: "Counting Doc",
        participantCount: 2,
        pendingConsent: 1,
        upcomingInterviews: 1,
        unlicensedArchive: 1,
      });
      const fiction = await p
        .as("outsider")
        .get(`/projects/documentary?type=fiction&academicYear=${encodeURIComponent(LIST_YEAR)}`);
      expect(fiction.body.items.map((i: { type: string }) => i.type)).toEqual(["documentary"]);
    });
  });

  describe("crew", () => {
    it("adds a person with notification and e-mail, unless they turned the e-mail off", async () => {
      const project = await makeProject({ title: "Crew Call" });
      const added = await p
        .as("member")
        .post(`/projects/${project.id}/members`, { userId: ids.noor, roles: ["dp", "camera_operator", "dp"] });
      expect(added.status).toBe(201);
      expect(added.body.members.find((m: { userId: string }) => m.userId === ids.noor)).toMatchObject({
        roles: ["dp", "camera_operator"],
        isLead: false,
        name: "Noor Haddad",
      });
      expect(added.body.activity[0].summary).toBe(
        "Lena Fischer added Noor Haddad to the crew as director of photography, camera operator",
      );
      const inbox = (await p.as("noor").get("/notifications")).body;
      expect(inbox.items[0]).toMatchObject({
        kind: "crew_added",
        title: "You are on the crew of “Crew Call”",
        link: `/project/${project.id}`,
      });
      const mails = await emailJobsTo("noor.haddad@portal.test");
      expect(
        mails.some(
          (m) => m.subject === "You are on the crew of “Crew Call”" && m.text.includes(`/project/${project.id}`),
        ),
      ).toBe(true);

      await p.services.db
        .update(profiles)
        .set({ emailOptOuts: ["crew_added"] })
        .where(eq(profiles.id, ids.amara!));
      const quiet = await makeProject({ title: "Quiet Crew" });
      await p.as("member").post(`/projects/${quiet.id}/members`, { userId: ids.amara, roles: ["editor"] });
      expect((await p.as("amara").get("/notifications")).body.items[0].title).toBe(
        "You are on the crew of “Quiet Crew”",
      );
      expect((await emailJobsTo("amara.diallo@portal.test")).some((m) => m.subject.includes("Quiet Crew"))).toBe(false);
    });

    it("keeps at least one lead", async () => {
      const project = await makeProject();
      const demote = await p.as("member").patch(`/projects/${project.id}/members/${ids.member}`, { isLead: false });
      expect(demote.status).toBe(409);
      expect(demote.body.error.message).toBe("A project needs at least one lead: make someone else a lead first.");
      expect((await p.as("member").delete(`/projects/${project.id}/members/${ids.member}`)).status).toBe(409);
      const promote = await p
        .as("member")
        .patch(`/projects/${project.id}/members/${ids.jun}`, { isLead: true, roles: ["sound", "editor"] });
      expect(promote.status).toBe(200);
      expect(promote.body.activity[0].summary).toBe(
        "Lena Fischer changed the crew: Jun Park is now sound, editor; Jun Park is now a lead",
      );
      const leave = await p.as("member").delete(`/projects/${project.id}/members/${ids.member}`);
      expect(leave.status).toBe(200);
      expect(leave.body.activity[0].summary).toBe("Lena Fischer left the crew");
      expect(leave.body.canEdit).toBe(false);
    });

    it("refuses a duplicate, an unknown person and a member who is not there", async () => {
      const project = await makeProject();
      const dup = await p.as("member").post(`/projects/${project.id}/members`, { userId: ids.jun, roles: ["sound"] });
      expect(dup.status).toBe(409);
      expect(dup.body.error.message).toBe("Jun Park is already on the crew.");
      expect(
        (await p.as("member").post(`/projects/${project.id}/members`, { userId: "nobody", roles: ["sound"] })).status,
      ).toBe(400);
      const absent = await p.as("member").patch(`/projects/${project.id}/members/${ids.noor}`, { isLead: true });
      expect(absent.status).toBe(404);
    });
  });

  describe("milestones", () => {
    it("records who finished a milestone and when, and which are overdue", async () => {
      const project = await makeProject();
      const made = await p
        .as("member")
        .post(`/projects/${project.id}/milestones`, { title: "Picture lock", dueDate: "2020-06-01" });
      expect(made.status).toBe(201);
      const m = made.body.milestones[0];
      expect(m).toMatchObject({
        title: "Picture lock",
        dueDate: "2020-06-01",
        done: false,
        overdue: true,
        doneByName: null,
      });
      const done = await p.as("jun").patch(`/projects/${project.id}/milestones/${m.id}`, { done: true });
      expect(done.body.milestones[0]).toMatchObject({ done: true, overdue: false, doneByName: "Jun Park" });
      expect(done.body.milestones[0].doneAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(done.body.activity[0].summary).toBe("Jun Park marked “Picture lock” done");
      const moved = await p
        .as("member")
        .patch(`/projects/${project.id}/milestones/${m.id}`, { dueDate: "2099-01-01", done: false });
      expect(moved.body.milestones[0]).toMatchObject({
        done: false,
        doneAt: null,
        doneByName: null,
        dueDate: "2099-01-01",
      });
      expect((await p.as("member").patch(`/projects/${project.id}/milestones/${MISSING}`, { done: true })).status).toBe(
        404,
      );
      expect((await p.as("member").delete(`/projects/${project.id}/milestones/${m.id}`)).body.milestones).toEqual([]);
    });
  });

  describe("phase and greenlight", () => {
    it("blocks a student's move into production on an incomplete checklist, naming what is missing", async () => {
      const project = await makeProject();
      const res = await p.as("member").post(`/projects/${project.id}/phase`, {
        to: "production",
        reason: "We are ready",
        overrideReason: "trust us please",
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(
        /^The greenlight checklist is not complete: Supervisor sign-off, Budget approved, .*Insurance\./,
      );
      expect(res.body.error.details).toMatchObject({ canOverride: false });
      const skip = await p
        .as("member")
        .post(`/projects/${project.id}/phase`, { to: "post_production", reason: "Skip" });
      expect(skip.status).toBe(409);
    });

    it("asks staff for a written reason, then records the override and tells the crew", async () => {
      const project = await makeProject({ title: "Override Film" });
      const none = await p
        .as("staff")
        .post(`/projects/${project.id}/phase`, { to: "production", reason: "Shoot is booked" });
      expect(none.status).toBe(409);
      expect(none.body.error.message).toMatch(/override reason \(at least 10 characters\)/);
      const short = await p
        .as("staff")
        .post(`/projects/${project.id}/phase`, { to: "production", reason: "Shoot is booked", overrideReason: "ok" });
      expect(short.status).toBe(409);
      const done = await p.as("staff").post(`/projects/${project.id}/phase`, {
        to: "production",
        reason: "Shoot is booked",
        overrideReason: "Insurance confirmed by phone; paperwork follows",
      });
      expect(done.status).toBe(200);
      expect(done.body.phase).toBe("production");
      expect(done.body.phaseHistory[0]).toMatchObject({
        from: "development",
        to: "production",
        reason: "Shoot is booked",
        overrideReason: "Insurance confirmed by phone; paperwork follows",
        changedByName: "Daniel Reyes",
      });
      expect(done.body.activity[0].summary).toMatch(
        /^Daniel Reyes moved the project to Production past the greenlight checklist/,
      );
      const [row] = await p.services.db.select().from(phaseChanges).where(eq(phaseChanges.projectId, project.id));
      expect(row!.changedBy).toBe(ids.staff);
      const kinds = (await p.as("jun").get("/notifications?limit=100")).body.items
        .filter((n: { link: string }) => n.link === `/project/${project.id}`)
        .map((n: { kind: string }) => n.kind);
      expect(kinds.filter((k: string) => k !== "crew_added").sort()).toEqual(["greenlight_override", "phase_changed"]);
      const mails = await emailJobsTo("jun.park@portal.test");
      expect(
        mails.some((m) => m.subject === "“Override Film” went into production past its greenlight checklist"),
      ).toBe(true);
      expect(mails.some((m) => m.subject === "“Override Film” moved to Production")).toBe(true);
    });

    it("lets the crew move into production once every item is done, and records why", async () => {
      const project = await makeProject();
      const pre = await p
        .as("member")
        .post(`/projects/${project.id}/phase`, { to: "pre_production", reason: "script locked" });
      expect(pre.body.activity[0].summary).toBe("Lena Fischer moved the project to Pre-production: script locked");
      expect(
        (await p.as("member").post(`/projects/${project.id}/phase`, { to: "pre_production", reason: "again" })).status,
      ).toBe(409);
      await p
        .as("staff")
        .put(`/projects/${project.id}/greenlight/supervisor_signoff`, { done: true, note: "Strong draft" });
      await p.as("member").put(`/projects/${project.id}/greenlight/crew_complete`, { done: true });
      await p.services.db.transaction(async (tx) => {
        for (const source of ["budget", "releases", "documents", "insurance"] as const)
          await feedGreenlight(tx, { projectId: project.id, source, done: true });
      });
      const detail = (await p.as("member").get(`/projects/${project.id}`)).body as ProjectDetail;
      expect(detail.greenlightComplete).toBe(true);
      expect(detail.greenlight.find((g) => g.key === "supervisor_signoff")).toMatchObject({
        doneByName: "Daniel Reyes",
        note: "Strong draft",
      });
      expect(detail.greenlight.find((g) => g.key === "budget_approved")).toMatchObject({
        done: true,
        doneByName: null,
      });
      const go = await p
        .as("member")
        .post(`/projects/${project.id}/phase`, { to: "production", reason: "First shoot day Monday" });
      expect(go.status).toBe(200);
      expect(go.body.phaseHistory.map((h: { to: string }) => h.to)).toEqual(["production", "pre_production"]);
      const staffInbox = (await p.as("staff").get("/notifications?limit=100")).body.items;
      expect(
        staffInbox.some(
          (n: { kind: string; link: string }) => n.kind === "phase_changed" && n.link === `/project/${project.id}`,
        ),
      ).toBe(true);
    });

    it("lets only the right person tick each item", async () => {
      const project = await makeProject();
      const tick = (key: string, as: string, done = true) =>
        p.as(as).put(`/projects/${project.id}/greenlight/${key}`, { done });
      const auto = await tick("budget_approved", "admin");
      expect(auto.status).toBe(409);
      expect(auto.body.error.message).toBe("This item is ticked automatically when the project's budget is approved.");
      expect((await tick("no_such_item", "admin")).status).toBe(404);
      const sign = await tick("supervisor_signoff", "member");
      expect(sign.status).toBe(403);
      expect(sign.body.error.message).toBe("Only the project's supervisor or an admin can tick “Supervisor sign-off”.");
      const insurance = await tick("insurance", "admin");
      expect(insurance.status).toBe(409);
      expect(insurance.body.error.message).toMatch(/^This item is ticked automatically /);
      expect((await tick("crew_complete", "outsider")).status).toBe(403);
      expect((await tick("crew_complete", "equipment")).status).toBe(403);
      expect((await tick("crew_complete", "jun")).status).toBe(200);
      const undo = await tick("crew_complete", "member", false);
      expect(undo.body.greenlight.find((g: { key: string }) => g.key === "crew_complete")).toMatchObject({
        done: false,
        doneByName: null,
      });
      expect(undo.body.activity[0].summary).toBe("Lena Fischer unticked “Crew complete”");
    });
  });

  describe("documentary details", () => {
    it("keeps participants, interviews and archival sources, for documentaries only", async () => {
      const project = await makeProject();
      const base = `/projects/${project.id}/documentary`;
      const ada = (
        await p.as("member").post(`${base}/participants`, { name: "Ada Okoye", description: "Salt farmer, 71" })
      ).body.documentary.participants[0];
      expect(ada).toMatchObject({ name: "Ada Okoye", consentStatus: "pending" });
      const signed = await p.as("member").patch(`${base}/participants/${ada.id}`, { consentStatus: "signed" });
      expect(signed.body.documentary.participants[0].consentStatus).toBe("signed");
      expect(signed.body.activity[0].summary).toBe(
        "Lena Fischer updated the participant “Ada Okoye” (consent: signed)",
      );
      const iv = await p.as("member").post(`${base}/interviews`, {
        subject: "The last harvest",
        participantId: ada.id,
        scheduledAt: "2031-09-01T08:00:00Z",
        place: "The salt pans",
      });
      expect(iv.body.documentary.interviews[0]).toMatchObject({
        participantName: "Ada Okoye",
        scheduledAt: "2031-09-01T08:00:00.000Z",
        status: "planned",
      });
      const ivId = iv.body.documentary.interviews[0].id;
      expect(
        (await p.as("member").patch(`${base}/interviews/${ivId}`, { status: "done" })).body.documentary.interviews[0]
          .status,
      ).toBe("done");
      const arch = await p
        .as("member")
        .post(`${base}/archival`, { title: "Harbour footage 1962", source: "Regional film archive" });
      const archId = arch.body.documentary.archival[0].id;
      expect(arch.body.documentary.archival[0].licenceStatus).toBe("unknown");
      expect((await p.as("member").delete(`${base}/archival/${archId}`)).body.documentary.archival).toEqual([]);
      expect((await p.as("member").delete(`${base}/archival/${archId}`)).status).toBe(404);
      expect(
        (await p.as("member").delete(`${base}/participants/${ada.id}`)).body.documentary.interviews[0].participantId,
      ).toBeNull();

      const other = await makeProject({ title: "Other doc" });
      const stranger = (
        await p.as("member").post(`/projects/${other.id}/documentary/participants`, { name: "Someone" })
      ).body.documentary.participants[0];
      const wrong = await p.as("member").post(`${base}/interviews`, { subject: "x", participantId: stranger.id });
      expect(wrong.status).toBe(400);
      expect((await p.as("member").post(`${base}/footage`, {})).status).toBe(404);

      const fiction = (
        await p.as("member").post("/projects", { title: "Fiction", type: "fiction", academicYear: YEAR })
      ).body;
      const refused = await p.as("member").post(`/projects/${fiction.id}/documentary/participants`, { name: "Ada" });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/belong to documentary projects/);
    });
  });

  describe("notifications", () => {
    it("lists mine with the unread count, marks one and all read; never someone else's", async () => {
      const project = await makeProject({ title: "Inbox Film" });
      await p.as("member").post(`/projects/${project.id}/members`, { userId: ids.noor, roles: ["editor"] });
      const before = (await p.as("noor").get("/notifications")).body;
      expect(before.unread).toBeGreaterThan(0);
      const first = before.items[0];
      const read = await p.as("noor").post(`/notifications/${first.id}/read`);
      expect(read.status).toBe(200);
      expect(read.body.readAt).not.toBeNull();
      expect((await p.as("noor").get("/notifications")).body.unread).toBe(before.unread - 1);
      expect((await p.as("jun").post(`/notifications/${first.id}/read`)).status).toBe(404);
      expect((await p.as("noor").post("/notifications/nonsense/read")).status).toBe(404);
      const unreadOnly = (await p.as("noor").get("/notifications?unreadOnly=true")).body;
      expect(unreadOnly.items.every((n: { readAt: string | null }) => n.readAt === null)).toBe(true);
      expect(unreadOnly.total).toBe(unreadOnly.unread);
      const all = await p.as("noor").post("/notifications/read-all");
      expect(all.body.marked).toBe(before.unread - 1);
      expect((await p.as("noor").get("/notifications")).body.unread).toBe(0);
      const [row] = await p.services.db.select().from(notifications).where(eq(notifications.id, first.id));
      expect(row!.userId).toBe(ids.noor);
    });

    it("answers the activity history page by page", async () => {
      const project = await makeProject();
      const page = await p.as("outsider").get(`/projects/${project.id}/activity?limit=1&offset=1`);
      expect(page.body.total).toBe(2);
      expect(page.body.items[0].summary).toMatch(/created the project/);
      expect((await p.as("outsider").get(`/projects/${MISSING}/activity`)).status).toBe(404);
    });
  });

  describe("authorization matrix", () => {
    interface Fixture {
      id: string;
      milestoneId: string;
      participantId: string;
      notificationId: string;
    }
    const fixture = async (): Promise<Fixture> => {
      const project = await makeProject({ title: "Matrix" });
      const m = await p
        .as("member")
        .post(`/projects/${project.id}/milestones`, { title: "Rough cut", dueDate: "2031-12-01" });
      const d = await p.as("member").post(`/projects/${project.id}/documentary/participants`, { name: "Subject" });
      const [n] = await p.services.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, ids.jun!))
        .limit(1);
      return {
        id: project.id,
        milestoneId: m.body.milestones[0].id,
        participantId: d.body.documentary.participants[0].id,
        notificationId: n!.id,
      };
    };
    // Expected answers: anonymous, student not on the crew, student on the crew, staff (the supervisor), equipment office, admin.
    const edit: Expected = [401, 403, 200, 200, 403, 200];
    const make: Expected = [401, 403, 201, 201, 403, 201];
    const read = SIGNED_IN;
    const rows: MatrixRow<Fixture>[] = [
      ["list projects", "GET", () => "/projects", undefined, read],
      ["list documentaries", "GET", () => "/projects/documentary", undefined, read],
      ["read a project", "GET", (f) => `/projects/${f.id}`, undefined, read],
      ["read the activity", "GET", (f) => `/projects/${f.id}/activity`, undefined, read],
      [
        "create a project",
        "POST",
        () => "/projects",
        { title: "Mine", type: "other", academicYear: YEAR },
        [401, 201, 201, 201, 201, 201],
      ],
      ["edit a project", "PATCH", (f) => `/projects/${f.id}`, { version: 1, logline: "New" }, edit],
      ["delete a project", "DELETE", (f) => `/projects/${f.id}`, undefined, [401, 403, 403, 403, 403, 204]],
      ["add crew", "POST", (f) => `/projects/${f.id}/members`, () => ({ userId: ids.noor, roles: ["gaffer"] }), make],
      ["change crew", "PATCH", (f) => `/projects/${f.id}/members/${ids.jun}`, { roles: ["editor"] }, edit],
      ["remove crew", "DELETE", (f) => `/projects/${f.id}/members/${ids.jun}`, undefined, edit],
      ["add a milestone", "POST", (f) => `/projects/${f.id}/milestones`, { title: "Mix", dueDate: "2031-12-10" }, make],
      ["change a milestone", "PATCH", (f) => `/projects/${f.id}/milestones/${f.milestoneId}`, { done: true }, edit],
      ["delete a milestone", "DELETE", (f) => `/projects/${f.id}/milestones/${f.milestoneId}`, undefined, edit],
      ["change the phase", "POST", (f) => `/projects/${f.id}/phase`, { to: "pre_production", reason: "Ready" }, edit],
      ["tick a crew item", "PUT", (f) => `/projects/${f.id}/greenlight/crew_complete`, { done: true }, edit],
      [
        "tick the supervisor's item",
        "PUT",
        (f) => `/projects/${f.id}/greenlight/supervisor_signoff`,
        { done: true },
        [401, 403, 403, 200, 403, 200],
      ],
      [
        "tick the supervisor's item",
        "PUT",
        (f) => `/projects/${f.id}/greenlight/supervisor_signoff`,
        { done: true },
        [401, 403, 403, 200, 403, 200],
      ],
      ["add a participant", "POST", (f) => `/projects/${f.id}/documentary/participants`, { name: "New subject" }, make],
      [
        "change a participant",
        "PATCH",
        (f) => `/projects/${f.id}/documentary/participants/${f.participantId}`,
        { consentStatus: "signed" },
        edit,
      ],
      [
        "delete a participant",
        "DELETE",
        (f) => `/projects/${f.id}/documentary/participants/${f.participantId}`,
        undefined,
        edit,
      ],
      ["read my notifications", "GET", () => "/notifications", undefined, read],
      ["mark all read", "POST", () => "/notifications/read-all", undefined, read],
    ];

    it.each(rows)("%s", (...row) => expectMatrixRow(p, cookies, fixture, row));

    it("marks only one's own notification read", async () => {
      const f = await fixture();
      const statuses = [];
      for (const who of CALLERS) {
        const res = await p.request(`/rest/v1/notifications/${f.notificationId}/read`, {
          method: "POST",
          cookie: who === "anonymous" ? undefined : cookies[who],
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 404, 404, 404, 404, 404]);
      expect((await p.as("jun").post(`/notifications/${f.notificationId}/read`)).status).toBe(200);
    });
  });

  describe("bad input", () => {
    it("answers every endpoint's bad input with a 4xx and a message, never a 500", async () => {
      const f = await makeProject({ title: "Bad Input" });
      const ms = (await p.as("member").post(`/projects/${f.id}/milestones`, { title: "A", dueDate: "2031-01-01" })).body
        .milestones[0].id;
      const cases: Parameters<typeof expectClientErrors>[2] = [
        ["GET", "/projects?limit=101", undefined],
        ["GET", "/projects?limit=abc", undefined],
        ["GET", "/projects?offset=-1", undefined],
        ["GET", "/projects?sort=budget", undefined],
        ["GET", "/projects?type=western", undefined],
        ["GET", "/projects?phase=shooting", undefined],
        ["GET", "/projects?mine=perhaps", undefined],
        ["GET", "/projects/documentary?limit=0", undefined],
        ["GET", `/projects/${f.id}/activity?limit=1000`, undefined],
        ["POST", "/projects", {}],
        ["POST", "/projects", { title: "", type: "fiction", academicYear: YEAR }],
        ["POST", "/projects", { title: "T", type: "fiction", academicYear: "next year" }],
        ["POST", "/projects", { title: "T", type: "fiction", academicYear: YEAR, targetRuntimeMinutes: -3 }],
        ["POST", "/projects", { title: "T", type: "fiction", academicYear: YEAR, shootStart: "31/12/2031" }],
        ["POST", "/projects", { title: "T", type: "fiction", academicYear: YEAR, myRoles: [] }],
        ["POST", "/projects", { title: "T", type: "fiction", academicYear: YEAR, myRoles: ["boom"] }],
        ["POST", "/projects", { title: "T".repeat(201), type: "fiction", academicYear: YEAR }],
        ["POST", "/projects", { title: "T", type: "fiction", academicYear: YEAR, supervisorId: "nobody" }],
        ["PATCH", `/projects/${f.id}`, { title: "No version" }],
        ["PATCH", `/projects/${f.id}`, { version: "one" }],
        ["PATCH", `/projects/${f.id}`, { version: 1, locations: "Berlin" }],
        ["PATCH", `/projects/${MISSING}`, { version: 1 }],
        ["DELETE", "/projects/not-an-id", undefined],
        ["POST", `/projects/${f.id}/members`, { userId: ids.noor }],
        ["POST", `/projects/${f.id}/members`, { userId: ids.noor, roles: [] }],
        ["POST", `/projects/${f.id}/members`, { roles: ["dp"] }],
        ["PATCH", `/projects/${f.id}/members/${ids.jun}`, {}],
        ["PATCH", `/projects/${f.id}/members/${ids.jun}`, { isLead: "yes" }],
        ["DELETE", `/projects/${f.id}/members/nobody`, undefined],
        ["POST", `/projects/${f.id}/milestones`, { title: "No date" }],
        ["POST", `/projects/${f.id}/milestones`, { title: "Bad date", dueDate: "2031-02-30" }],
        ["PATCH", `/projects/${f.id}/milestones/${ms}`, {}],
        ["PATCH", `/projects/${f.id}/milestones/${ms}`, { done: "yes" }],
        ["DELETE", `/projects/${f.id}/milestones/not-an-id`, undefined],
        ["POST", `/projects/${f.id}/phase`, { to: "shooting", reason: "x" }],
        ["POST", `/projects/${f.id}/phase`, { to: "pre_production" }],
        ["POST", `/projects/${f.id}/phase`, { to: "pre_production", reason: "   " }],
        ["PUT", `/projects/${f.id}/greenlight/crew_complete`, {}],
        ["PUT", `/projects/${f.id}/greenlight/crew_complete`, { done: "true" }],
        ["PUT", `/projects/${f.id}/greenlight/nothing`, { done: true }],
        ["POST", `/projects/${f.id}/documentary/participants`, { name: "" }],
        ["POST", `/projects/${f.id}/documentary/participants`, { name: "A", consentStatus: "maybe" }],
        ["PATCH", `/projects/${f.id}/documentary/participants/${MISSING}`, { name: "A" }],
        ["PATCH", `/projects/${f.id}/documentary/participants/${MISSING}`, {}],
        ["POST", `/projects/${f.id}/documentary/interviews`, { subject: "A", scheduledAt: "tomorrow" }],
        ["POST", `/projects/${f.id}/documentary/interviews`, { subject: "A", status: "postponed" }],
        ["PATCH", `/projects/${f.id}/documentary/interviews/not-an-id`, { place: "Here" }],
        ["POST", `/projects/${f.id}/documentary/archival`, { title: "A", licenceStatus: "stolen" }],
        ["DELETE", `/projects/${f.id}/documentary/archival/${MISSING}`, undefined],
        ["GET", "/notifications?limit=500", undefined],
        ["GET", "/notifications?unreadOnly=sometimes", undefined],
        ["POST", `/notifications/${MISSING}/read`, undefined],
      ];
      await expectClientErrors(p, cookies.admin!, cases);
      const raw = await p.request(`/rest/v1/projects/${f.id}`, {
        method: "PATCH",
        body: "{not json",
        headers: { "content-type": "application/json" },
        cookie: cookies.member,
      });
      expect(raw.status).toBe(400);
      expect((await raw.json()).error.message).toBe("The request body is not valid JSON.");
    });
  });
});
