import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { profiles, projects, user } from "../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";

/** The session and list caches (lib/cache.ts) must never show a change later than the database has it. */
describe.each(DB_KINDS)("cached sessions and lists on %s", (kind) => {
  let p: TestPortal;
  let admin: string;
  const idOf = async (email: string) =>
    (await p.services.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

  beforeAll(async () => {
    p = await startTestPortal(kind);
    admin = await p.signIn("admin@portal.test");
  });
  afterAll(() => p?.close());

  it("ends a signed-out session at once", async () => {
    const cookie = await p.signIn("student@portal.test");
    expect((await p.request("/rest/v1/profile", { cookie })).status).toBe(200);
    expect((await p.request("/auth/v1/sign-out", { method: "POST", cookie })).status).toBe(200);
    expect((await p.request("/rest/v1/profile", { cookie })).status).toBe(401);
  });

  it("applies a role change to an open session and its get-session answer at once, both ways", async () => {
    const cookie = await p.signIn("jun.park@portal.test");
    // The web app takes the role from the session answer alone (no profile request before the first paint).
    const sessionRole = async () =>
      ((await (await p.request("/auth/v1/get-session", { cookie })).json()) as { user: { role: string } }).user.role;
    expect((await p.request("/rest/v1/admin/dashboard", { cookie })).status).toBe(403);
    expect(await sessionRole()).toBe("student");
    const id = await idOf("jun.park@portal.test");
    expect(
      (await p.request(`/rest/v1/users/${id}`, { method: "PATCH", cookie: admin, json: { role: "staff" } })).status,
    ).toBe(200);
    expect((await p.request("/rest/v1/admin/dashboard", { cookie })).status).toBe(200);
    expect(await sessionRole()).toBe("staff");
    expect(
      (await p.request(`/rest/v1/users/${id}`, { method: "PATCH", cookie: admin, json: { role: "student" } })).status,
    ).toBe(200);
    expect((await p.request("/rest/v1/admin/dashboard", { cookie })).status).toBe(403);
    expect(await sessionRole()).toBe("student");
  });

  it("answers a repeated list from memory, and shows a change made through the portal at once", async () => {
    const cookie = await p.signIn("staff@portal.test");
    const titles = async () =>
      (
        (await (await p.request("/rest/v1/projects?limit=100&sort=title", { cookie })).json()) as {
          items: { title: string }[];
        }
      ).items.map((i) => i.title);
    const before = await titles();
    // A row written behind the portal's back (no domain event) is not seen while the answer is fresh…
    const [staff] = await p.services.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, "staff@portal.test"));
    await p.services.db
      .insert(projects)
      .values({ title: "Aaa written behind its back", type: "other", academicYear: "2026/27", createdBy: staff!.id });
    expect(await titles()).toEqual(before);
    // …and any write through the portal, which publishes its event, shows everything at once.
    const created = await p.request("/rest/v1/projects", {
      method: "POST",
      cookie,
      json: { title: "Aab made through the portal", type: "fiction", academicYear: "2026/27" },
    });
    expect(created.status).toBe(201);
    expect((await titles()).slice(0, 2)).toEqual(["Aaa written behind its back", "Aab made through the portal"]);
  });

  it("shows a renamed person in the list at once", async () => {
    const cookie = await p.signIn("student@portal.test");
    const leads = async () =>
      (
        (await (await p.request("/rest/v1/projects?limit=100&mine=true", { cookie })).json()) as {
          items: { leadNames: string[] }[];
        }
      ).items.flatMap((i) => i.leadNames);
    const [me] = await p.services.db
      .select({ name: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.email, "student@portal.test"));
    expect(await leads()).toContain(me!.name);
    expect(
      (await p.request("/rest/v1/profile", { method: "PATCH", cookie, json: { fullName: "Renamed Student" } })).status,
    ).toBe(200);
    expect(await leads()).toContain("Renamed Student");
  });
});

describe.runIf(DB_KINDS.includes("postgres"))("cached sessions across two instances on one PostgreSQL", () => {
  let a: TestPortal;
  let b: TestPortal;
  beforeAll(async () => {
    a = await startTestPortal("postgres");
    b = await startTestPortal(
      "postgres",
      { AUTH_SECRET: a.services.config.AUTH_SECRET, SEED: "false" },
      { databaseUrl: a.services.config.DATABASE_URL },
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("ends a deactivated person's session on the other instance too", async () => {
    const cookie = await a.signIn("noor.haddad@portal.test");
    expect((await b.request("/rest/v1/profile", { cookie })).status).toBe(200);
    const admin = await a.signIn("admin@portal.test");
    const [noor] = await a.services.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "noor.haddad@portal.test"));
    expect((await a.request(`/rest/v1/users/${noor!.id}/deactivate`, { method: "POST", cookie: admin })).status).toBe(
      200,
    );
    // The other instance hears of it through LISTEN/NOTIFY, well within its 30-second cache time.
    await expect
      .poll(async () => (await b.request("/rest/v1/profile", { cookie })).status, { timeout: 5000 })
      .toBe(401);
  });
});
