import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import { emails, invitations, jobs, profiles } from "../../db/schema/index.ts";
import { runNotificationJobs } from "../notifications/service.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import {
  ADMIN_ONLY,
  CALLER_EMAILS,
  expectClientErrors,
  expectMatrixRow,
  PUBLIC,
  SIGNED_IN,
  signInAll,
  type MatrixRow,
} from "../../test/matrix.ts";

describe.each(DB_KINDS)("user management on %s", (kind) => {
  let p: TestPortal;
  let admin: string;
  let student: string;
  const idOf = async (email: string) => {
    const res = await p.request(`/rest/v1/users?search=${encodeURIComponent(email)}`, { cookie: admin });
    return (await res.json()).items[0].id as string;
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    admin = await p.signIn("admin@portal.test");
    student = await p.signIn("student@portal.test");
  });
  afterAll(() => p?.close());

  it("lists people paginated, searched and filtered in the database", async () => {
    const all = await (await p.request("/rest/v1/users?limit=3", { cookie: admin })).json();
    expect(all.total).toBe(10);
    expect(all.items).toHaveLength(3);
    const students = await (await p.request("/rest/v1/users?role=student&limit=100", { cookie: admin })).json();
    expect(students.total).toBe(7);
    expect(students.items.every((u: { role: string }) => u.role === "student")).toBe(true);
    const found = await (await p.request("/rest/v1/users?search=novák", { cookie: admin })).json();
    expect(found.items.map((u: { email: string }) => u.email)).toEqual(["tomas.novak@portal.test"]);
    const signedIn = (await (await p.request("/rest/v1/users?search=student@portal.test", { cookie: admin })).json())
      .items[0];
    expect(signedIn.lastSignInAt).not.toBeNull();
  });

  it("is for admins only", async () => {
    expect((await p.request("/rest/v1/users", { cookie: student })).status).toBe(403);
    expect((await p.request("/rest/v1/users")).status).toBe(401);
    expect((await p.request("/rest/v1/audit-log", { cookie: student })).status).toBe(403);
  });

  it("refuses bad input with a message", async () => {
    const res = await p.request("/rest/v1/users?role=director", { cookie: admin });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/role/i);
    const bad = await p.request(`/rest/v1/users/${await idOf("jun.park@portal.test")}`, {
      method: "PATCH",
      cookie: admin,
      json: { role: "king" },
    });
    expect(bad.status).toBe(400);
    const missing = await p.request("/rest/v1/users/nobody", {
      method: "PATCH",
      cookie: admin,
      json: { role: "staff" },
    });
    expect(missing.status).toBe(404);
  });

  it("changes a role and writes it to the audit log", async () => {
    const id = await idOf("sofia.marchetti@portal.test");
    const res = await p.request(`/rest/v1/users/${id}`, { method: "PATCH", cookie: admin, json: { role: "staff" } });
    expect(res.status).toBe(200);
    expect((await res.json()).role).toBe("staff");
    const log = await (await p.request("/rest/v1/audit-log", { cookie: admin })).json();
    expect(log.items[0]).toMatchObject({
      action: "user.role_changed",
      actorName: "Margaret Okafor",
      details: { from: "student", to: "staff" },
    });
  });

  it("never leaves the school without an active admin", async () => {
    const adminId = await idOf("admin@portal.test");
    const demote = await p.request(`/rest/v1/users/${adminId}`, {
      method: "PATCH",
      cookie: admin,
      json: { role: "staff" },
    });
    expect(demote.status).toBe(409);
    expect((await demote.json()).error.message).toMatch(/at least one active admin/);
    const self = await p.request(`/rest/v1/users/${adminId}/deactivate`, { method: "POST", cookie: admin });
    expect(self.status).toBe(409);
  });

  it("deactivates: their sessions end at once and they cannot sign in; reactivates", async () => {
    const elliot = await p.signIn("elliot.brooks@portal.test");
    expect((await p.request("/rest/v1/profile", { cookie: elliot })).status).toBe(200);
    const id = await idOf("elliot.brooks@portal.test");
    const res = await p.request(`/rest/v1/users/${id}/deactivate`, { method: "POST", cookie: admin });
    expect(res.status).toBe(200);
    expect((await res.json()).active).toBe(false);
    expect((await p.request("/rest/v1/profile", { cookie: elliot })).status).toBe(401);
    const again = await p.request("/auth/v1/sign-in/email", {
      method: "POST",
      json: { email: "elliot.brooks@portal.test", password: "portal-demo" },
    });
    expect(again.status).toBe(403);
    expect((await again.json()).message).toMatch(/deactivated/);
    const deactivated = await (await p.request("/rest/v1/users?state=deactivated", { cookie: admin })).json();
    expect(deactivated.items.map((u: { email: string }) => u.email)).toEqual(["elliot.brooks@portal.test"]);

    await p.request(`/rest/v1/users/${id}/reactivate`, { method: "POST", cookie: admin });
    expect(await p.signIn("elliot.brooks@portal.test")).toMatch(/session_token/);
  });

  it("invites by e-mail; the link sets name and password and signs the person in; it works once", async () => {
    const res = await p.request("/rest/v1/invitations", {
      method: "POST",
      cookie: admin,
      json: { email: " New.Tutor@School.edu ", role: "staff" },
    });
    expect(res.status).toBe(201);
    const dup = await p.request("/rest/v1/invitations", {
      method: "POST",
      cookie: admin,
      json: { email: "new.tutor@school.edu" },
    });
    expect(dup.status).toBe(409);
    const existing = await p.request("/rest/v1/invitations", {
      method: "POST",
      cookie: admin,
      json: { email: "student@portal.test" },
    });
    expect(existing.status).toBe(409);

    await runNotificationJobs(p.services);
    const [mail] = await p.services.db
      .select()
      .from(emails)
      .where(eq(emails.to, "new.tutor@school.edu"))
      .orderBy(desc(emails.createdAt));
    expect(mail!.subject).toBe("You are invited to The Portal");
    const token = decodeURIComponent(/accept-invitation\?token=([\w%-]+)/.exec(mail!.text)![1]!);

    const lookup = await (await p.request(`/rest/v1/invitations/lookup?token=${token}`)).json();
    expect(lookup).toMatchObject({ email: "new.tutor@school.edu", role: "staff" });
    const short = await p.request("/rest/v1/invitations/accept", {
      method: "POST",
      json: { token, fullName: "Sam Ode", password: "123" },
    });
    expect(short.status).toBe(400);
    const accepted = await p.request("/rest/v1/invitations/accept", {
      method: "POST",
      json: { token, fullName: "  Sam Ode ", password: "tutor-pass" },
    });
    expect(accepted.status).toBe(200);
    const cookie = accepted.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await (await p.request("/rest/v1/profile", { cookie })).json()).toMatchObject({
      fullName: "Sam Ode",
      role: "staff",
    });

    const reuse = await p.request("/rest/v1/invitations/accept", {
      method: "POST",
      json: { token, fullName: "Sam Ode", password: "tutor-pass" },
    });
    expect(reuse.status).toBe(409);
    const list = await (await p.request("/rest/v1/invitations", { cookie: admin })).json();
    expect(list.items[0]).toMatchObject({ email: "new.tutor@school.edu", state: "accepted" });
  });

  it("resends with a new link (the old one stops working) and revokes", async () => {
    await p.request("/rest/v1/invitations", { method: "POST", cookie: admin, json: { email: "late@school.edu" } });
    const [inv] = await p.services.db.select().from(invitations).where(eq(invitations.email, "late@school.edu"));
    const oldHash = inv!.tokenHash;
    expect((await p.request(`/rest/v1/invitations/${inv!.id}/resend`, { method: "POST", cookie: admin })).status).toBe(
      204,
    );
    const [after] = await p.services.db.select().from(invitations).where(eq(invitations.id, inv!.id));
    expect(after!.tokenHash).not.toBe(oldHash);
    expect(after!.sentCount).toBe(2);
    expect((await p.request(`/rest/v1/invitations/${inv!.id}`, { method: "DELETE", cookie: admin })).status).toBe(204);
    const list = await (await p.request("/rest/v1/invitations", { cookie: admin })).json();
    expect(list.items.find((i: { id: string }) => i.id === inv!.id).state).toBe("revoked");
    expect((await p.request("/rest/v1/invitations/lookup?token=not-a-real-token-at-all")).status).toBe(404);
  });

  describe("authorization matrix", () => {
    let cookies: Record<string, string>;
    let ids: Record<string, string>;
    let n = 0;
    beforeAll(async () => {
      ({ cookies, ids } = await signInAll(p, {
        ...CALLER_EMAILS,
        jun: "jun.park@portal.test",
        amara: "amara.diallo@portal.test",
      }));
    });
    interface Fixture {
      invitationId: string;
      token: string;
    }
    /** A fresh pending invitation, its token read from the queued mail; Jun a student and Amara active again. */
    const fixture = async (): Promise<Fixture> => {
      await p.services.db.update(profiles).set({ role: "student" }).where(eq(profiles.id, ids.jun!));
      await p.services.db
        .update(profiles)
        .set({ active: true, deactivatedAt: null })
        .where(eq(profiles.id, ids.amara!));
      const email = `matrix-${++n}@school.edu`;
      const made = await p.request("/rest/v1/invitations", { method: "POST", cookie: admin, json: { email } });
      const [mail] = await p.services.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'to' = ${email}`);
      const token = decodeURIComponent(
        /accept-invitation\?token=([\w%-]+)/.exec((mail!.payload as { text: string }).text)![1]!,
      );
      return { invitationId: (await made.json()).id, token };
    };
    const rows: MatrixRow<Fixture>[] = [
      ["list users", "GET", () => "/users", undefined, ADMIN_ONLY],
      ["change a role", "PATCH", () => `/users/${ids.jun}`, { role: "staff" }, ADMIN_ONLY],
      ["deactivate a user", "POST", () => `/users/${ids.amara}/deactivate`, undefined, ADMIN_ONLY],
      ["reactivate a user", "POST", () => `/users/${ids.amara}/reactivate`, undefined, ADMIN_ONLY],
      ["read the audit log", "GET", () => "/audit-log", undefined, ADMIN_ONLY],
      ["list invitations", "GET", () => "/invitations", undefined, ADMIN_ONLY],
      [
        "invite someone",
        "POST",
        () => "/invitations",
        () => ({ email: `invited-${++n}@school.edu` }),
        [401, 403, 403, 403, 403, 201],
      ],
      [
        "resend an invitation",
        "POST",
        (f) => `/invitations/${f.invitationId}/resend`,
        undefined,
        [401, 403, 403, 403, 403, 204],
      ],
      [
        "revoke an invitation",
        "DELETE",
        (f) => `/invitations/${f.invitationId}`,
        undefined,
        [401, 403, 403, 403, 403, 204],
      ],
      [
        "look an invitation up by its link",
        "GET",
        (f) => `/invitations/lookup?token=${encodeURIComponent(f.token)}`,
        undefined,
        PUBLIC,
      ],
      [
        "accept an invitation",
        "POST",
        () => "/invitations/accept",
        (f) => ({ token: f.token, fullName: "New Person", password: "new-person-pass" }),
        PUBLIC,
      ],
      ["search the people directory", "GET", () => "/people?search=a", undefined, SIGNED_IN],
    ];
    it.each(rows)("%s", (...row) => expectMatrixRow(p, cookies, fixture, row));
  });

  it("answers every endpoint's bad input with a 4xx and a message, never a 500", async () => {
    const [accepted] = await p.services.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, "new.tutor@school.edu"));
    await expectClientErrors(p, admin, [
      ["GET", "/users?state=asleep"],
      ["GET", "/users?sort=age"],
      ["GET", "/users?limit=0"],
      ["GET", "/users?offset=-5"],
      ["GET", `/users?search=${"x".repeat(201)}`],
      ["PATCH", "/users/nobody", { role: "staff" }],
      ["PATCH", "/users/nobody", {}],
      ["POST", "/users/nobody/deactivate"],
      ["POST", "/users/nobody/reactivate"],
      ["GET", "/audit-log?limit=500"],
      ["GET", "/audit-log?offset=x"],
      ["GET", "/invitations?limit=-1"],
      ["POST", "/invitations", {}],
      ["POST", "/invitations", { email: "not an address" }],
      ["POST", "/invitations", { email: "ok@school.edu", role: "dean" }],
      ["POST", "/invitations/not-an-id/resend"],
      ["POST", "/invitations/00000000-0000-4000-8000-000000000000/resend"],
      ["POST", `/invitations/${accepted!.id}/resend`],
      ["DELETE", "/invitations/not-an-id"],
      ["DELETE", `/invitations/${accepted!.id}`],
      ["GET", "/invitations/lookup"],
      ["GET", "/invitations/lookup?token=short"],
      ["POST", "/invitations/accept", {}],
      [
        "POST",
        "/invitations/accept",
        { token: "not-a-real-token-at-all", fullName: "A B", password: "long-enough-pass" },
      ],
      ["POST", "/invitations/accept", { token: "not-a-real-token-at-all", fullName: "", password: "long-enough-pass" }],
      ["GET", "/people?role=dean"],
      ["GET", "/people?limit=51"],
      ["GET", `/people?search=${"x".repeat(201)}`],
    ]);
  });
});

describe.each(DB_KINDS)("the people directory on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind);
  });
  afterAll(() => p?.close());

  it("lets any signed-in person find active people by name or e-mail, and filter by roles", async () => {
    const student = await p.signIn("student@portal.test");
    const found = await (await p.request("/rest/v1/people?search=novák", { cookie: student })).json();
    expect(found.items).toEqual([
      expect.objectContaining({ id: expect.any(String), fullName: "Tomás Novák", role: "student" }),
    ]);
    // Names and roles for everyone; e-mail by the contacts rule (projects/contacts.test.ts).
    const supervisors = await (await p.request("/rest/v1/people?role=staff,admin", { cookie: student })).json();
    expect(supervisors.items.map((u: { fullName: string }) => u.fullName).sort()).toEqual([
      "Daniel Reyes",
      "Margaret Okafor",
    ]);
    const admin = await p.signIn("admin@portal.test");
    const all = await (await p.request("/rest/v1/people?role=staff,admin", { cookie: admin })).json();
    expect(all.items.map((u: { email: string }) => u.email).sort()).toEqual(["admin@portal.test", "staff@portal.test"]);
    expect((await p.request("/rest/v1/people?role=director", { cookie: student })).status).toBe(400);
    expect((await p.request("/rest/v1/people")).status).toBe(401);
  });

  it("leaves deactivated people out", async () => {
    const admin = await p.signIn("admin@portal.test");
    const noor = (await (await p.request("/rest/v1/people?search=noor", { cookie: admin })).json()).items[0];
    await p.request(`/rest/v1/users/${noor.id}/deactivate`, { method: "POST", cookie: admin });
    expect((await (await p.request("/rest/v1/people?search=noor", { cookie: admin })).json()).items).toEqual([]);
  });

  it("finds a person who signed up and a new role at once, after the same search was answered", async () => {
    const admin = await p.signIn("admin@portal.test");
    const search = async (q: string) =>
      (await (await p.request(`/rest/v1/people?${q}`, { cookie: admin })).json()).items as {
        id: string;
        fullName: string;
      }[];
    expect(await search("search=ingrid")).toEqual([]);
    const staffBefore = await search("role=staff");
    const made = await p.request("/auth/v1/sign-up/email", {
      method: "POST",
      json: { email: "ingrid.berg@portal.test", password: "a-long-password-1", name: "Ingrid Berg" },
    });
    expect(made.status).toBe(200);
    const [ingrid] = await search("search=ingrid");
    expect(ingrid).toMatchObject({ fullName: "Ingrid Berg" });
    expect(
      (await p.request(`/rest/v1/users/${ingrid!.id}`, { method: "PATCH", cookie: admin, json: { role: "staff" } }))
        .status,
    ).toBe(200);
    expect((await search("role=staff")).length).toBe(staffBefore.length + 1);
  });
});
