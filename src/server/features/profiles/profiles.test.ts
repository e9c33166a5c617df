import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";

describe.each(DB_KINDS)("profile updates on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind);
  });
  afterAll(() => p?.close());

  const patch = (cookie: string, json: unknown) => p.request("/rest/v1/profile", { method: "PATCH", cookie, json });

  it("renames the user, trimmed, in the profile and in the session", async () => {
    const cookie = await p.signIn("student@portal.test");
    const res = await patch(cookie, { fullName: "  Lena Okafor-Brandt  " });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: "student@portal.test",
      fullName: "Lena Okafor-Brandt",
      role: "student",
    });

    const profile = await (await p.request("/rest/v1/profile", { cookie })).json();
    expect(profile.fullName).toBe("Lena Okafor-Brandt");
    const session = await (await p.request("/auth/v1/get-session", { cookie })).json();
    expect(session.user.name).toBe("Lena Okafor-Brandt");
  });

  it("leaves the role alone, so nobody promotes themself by renaming", async () => {
    const cookie = await p.signIn("student@portal.test");
    const res = await patch(cookie, { fullName: "Sam Student", role: "admin" });
    expect(res.status).toBe(200);
    expect((await res.json()).role).toBe("student");
  });

  it("refuses a name shorter than 2 characters with the sign-up rule's message, and keeps the old name", async () => {
    const cookie = await p.signIn("staff@portal.test");
    const before = await (await p.request("/rest/v1/profile", { cookie })).json();
    for (const fullName of ["", " ", " x "]) {
      const res = await patch(cookie, { fullName });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toMatch(/Please provide a valid full name \(at least 2 characters\)\./);
    }
    const after = await (await p.request("/rest/v1/profile", { cookie })).json();
    expect(after.fullName).toBe(before.fullName);
  });

  it("answers a missing, overlong or malformed body with a clear 400", async () => {
    const cookie = await p.signIn("staff@portal.test");
    expect((await patch(cookie, {})).status).toBe(400);
    expect((await patch(cookie, { fullName: 42 })).status).toBe(400);
    const long = await patch(cookie, { fullName: "a".repeat(101) });
    expect(long.status).toBe(400);
    expect((await long.json()).error.message).toMatch(/at most 100 characters/);
    const bad = await p.request("/rest/v1/profile", {
      method: "PATCH",
      cookie,
      body: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
  });

  it("needs a session", async () => {
    const res = await p.request("/rest/v1/profile", { method: "PATCH", json: { fullName: "Nobody Here" } });
    expect(res.status).toBe(401);
  });
});
