import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentDto } from "../../../common/documents.ts";
import type { ProjectDetail } from "../../../common/project-api.ts";
import { ERASED_NAME, erasedEmail, type AuditEntryDto, type ErasureDto } from "../../../common/users.ts";
import { auditLog, profiles } from "../../db/schema/index.ts";
import { storageFor } from "../../lib/storage.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { signInAll } from "../../test/matrix.ts";
import { provisionAccount } from "./accounts.ts";

const YEAR = "2032/33";
/** A 1×1 PNG: the avatar check reads the bytes, not the name. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const NOTE = new TextEncoder().encode("Location scout notes: the pier at dawn.");

describe.each(DB_KINDS)("a person's data, exported and erased, on %s", (kind) => {
  let p: TestPortal;
  let ids: Record<string, string> = {};

  /**
   * Rosa, a student with a unique name: a picture, a phone, her own project with a file she uploaded,
   * a place on the member's crew, and a session.
   */
  const leaver = async () => {
    const name = `Rosa Leaving ${randomUUID().slice(0, 4)}`;
    const email = `rosa.${randomUUID().slice(0, 6)}@portal.test`;
    const { id } = await provisionAccount(p.services, p.auth, {
      email,
      name,
      password: "portal-demo-rosa",
      role: "student",
    });
    const cookie = await p.signIn(email, "portal-demo-rosa");
    expect(
      (await p.as(cookie).fetch("/profile", { method: "PATCH", json: { phone: "+41 79 123 45 67" } })).status,
    ).toBe(200);
    expect(
      (
        await p
          .as(cookie)
          .fetch("/rest/v1/profile/avatar", { method: "POST", headers: { "content-type": "image/png" }, body: PNG })
      ).status,
    ).toBe(200);
    const own = await p.as(cookie).fetch("/projects", {
      method: "POST",
      json: { title: `Pier ${randomUUID().slice(0, 6)}`, type: "fiction", academicYear: YEAR },
    });
    expect(own.status).toBe(201);
    const projectId = ((await own.json()) as ProjectDetail).id;
    const up = await p
      .as(cookie)
      .fetch(`/storage/v1/object/documents/${projectId}?name=scout-notes.txt&category=permits`, {
        method: "POST",
        body: NOTE,
      });
    expect(up.status, await up.clone().text()).toBe(201);
    const doc = (await up.json()) as DocumentDto;
    const crew = await p.as("member").fetch("/projects", {
      method: "POST",
      json: { title: `Crewed ${randomUUID().slice(0, 6)}`, type: "fiction", academicYear: YEAR },
    });
    const crewProjectId = ((await crew.json()) as ProjectDetail).id;
    expect(
      (
        await p
          .as("member")
          .fetch(`/projects/${crewProjectId}/members`, { method: "POST", json: { userId: id, roles: ["sound"] } })
      ).status,
    ).toBe(201);
    const [row] = await p.services.db.select().from(profiles).where(eq(profiles.id, id));
    return { id, name, email, cookie, projectId, crewProjectId, doc, avatarPath: row!.avatarPath! };
  };

  /** Every text the database holds, table by table: what an erased person's name and address must be absent from. */
  const everything = async () => {
    const tables = await p.services.db.execute<{ t: string }>(
      sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const out: Record<string, string> = {};
    for (const { t } of tables.rows) {
      const rows = await p.services.db.execute<{ j: string }>(
        sql`select coalesce(json_agg(x)::text, '') as j from ${sql.raw(`"${t}"`)} x`,
      );
      out[t] = rows.rows[0]?.j ?? "";
    }
    return out;
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    ({ ids } = await signInAll(p, {
      admin: "admin@portal.test",
      staff: "staff@portal.test",
      member: "student@portal.test",
    }));
  }, 300_000);
  afterAll(() => p?.close());

  it("exports what the portal holds about a person: their rows across domains and their files, without secrets, and audits it", async () => {
    const rosa = await leaver();
    expect((await p.as("staff").fetch(`/users/${rosa.id}/personal-data.zip`)).status).toBe(403);
    expect((await p.anonymous.fetch(`/users/${rosa.id}/personal-data.zip`)).status).toBe(401);
    expect((await p.as("admin").fetch(`/users/nobody-here/personal-data.zip`)).status).toBe(404);

    const res = await p.as("admin").fetch(`/users/${rosa.id}/personal-data.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="personal-data-rosa-leaving-.*\.zip"$/,
    );
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = strFromU8(zip["personal-data.json"]!);
    const data = JSON.parse(json);
    expect(data.person).toMatchObject({
      id: rosa.id,
      fullName: rosa.name,
      email: rosa.email,
      phone: "+41 79 123 45 67",
    });
    expect(data.tables.user[0]).toMatchObject({ id: rosa.id, email: rosa.email });
    expect(data.tables.project_members.map((m: { project_id: string }) => m.project_id).sort()).toEqual(
      [rosa.projectId, rosa.crewProjectId].sort(),
    );
    expect(data.tables.projects.map((x: { id: string }) => x.id)).toContain(rosa.projectId);
    expect(data.tables.document_versions[0]).toMatchObject({ uploaded_by: rosa.id, file_name: "scout-notes.txt" });
    expect(data.tables.session.length).toBeGreaterThan(0);
    // Nothing that could open the account: no password hash, no session token.
    expect(data.tables.account[0]).not.toHaveProperty("password");
    expect(data.tables.session[0]).not.toHaveProperty("token");
    expect(json).not.toMatch(/"(password|token|token_hash|ical_token_hash)"/);
    // Her files, byte for byte.
    expect(Buffer.from(zip[`files/avatar.png`]!).equals(PNG)).toBe(true);
    const docFile = Object.keys(zip).find((k) => k.startsWith("files/documents/"));
    expect(docFile).toMatch(/scout-notes\.txt$/);
    expect(strFromU8(zip[docFile!]!)).toBe(strFromU8(NOTE));
    expect(data.files.map((f: { path: string }) => f.path).sort()).toEqual(
      Object.keys(zip)
        .filter((k) => k.startsWith("files/"))
        .sort(),
    );

    const [entry] = await p.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, rosa.id))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(entry).toMatchObject({ action: "user.data_exported", actorName: "Margaret Okafor", targetType: "user" });
  });

  it("erases a person who left: name replaced in history, contacts, picture and sign-in gone, project records kept, audited", async () => {
    const rosa = await leaver();
    expect((await p.as("member").fetch(`/users/${rosa.id}/erase`, { method: "POST" })).status).toBe(403);
    expect((await p.as("admin").fetch(`/users/${ids.admin}/erase`, { method: "POST" })).status).toBe(409);
    expect(await storageFor(p.services.config).get(rosa.avatarPath)).not.toBeNull();
    // A mistyped password leaves a throttle record with her address, which the erasure takes too.
    expect(
      (
        await p.anonymous.fetch("/auth/v1/sign-in/email", {
          method: "POST",
          json: { email: rosa.email, password: "wrong-password-1" },
        })
      ).status,
    ).toBeGreaterThanOrEqual(400);

    const res = await p.as("admin").fetch(`/users/${rosa.id}/erase`, { method: "POST" });
    expect(res.status).toBe(200);
    const erased = (await res.json()) as ErasureDto;
    expect(erased).toMatchObject({ userId: rosa.id, sessionsEnded: 1, pictureRemoved: true });
    expect(erased.namesReplaced).toBeGreaterThan(0);

    // Signed out at once.
    expect((await p.as(rosa.cookie).fetch("/profile")).status).toBe(401);
    // Contacts and picture gone.
    const [row] = await p.services.db.select().from(profiles).where(eq(profiles.id, rosa.id));
    expect(row).toMatchObject({
      fullName: ERASED_NAME,
      email: erasedEmail(rosa.id),
      phone: null,
      avatarPath: null,
      active: false,
    });
    expect(await storageFor(p.services.config).get(rosa.avatarPath)).toBeNull();
    // History keeps what happened, by "Former member"; the project's file stays, as the school must keep it.
    const crew = (await (await p.as("member").fetch(`/projects/${rosa.crewProjectId}`)).json()) as ProjectDetail;
    expect(crew.members.map((m) => m.name)).toContain(ERASED_NAME);
    const doc = (await (
      await p.as("admin").fetch(`/projects/${rosa.projectId}/documents/${rosa.doc.id}`)
    ).json()) as DocumentDto;
    expect(doc.versions[0]).toMatchObject({ uploadedByName: ERASED_NAME, fileName: "scout-notes.txt" });
    expect((await p.as("admin").fetch(doc.versions[0]!.url)).status).toBe(200);
    // Her name and address are nowhere in the database any more.
    const all = await everything();
    const holding = Object.entries(all)
      .filter(([, text]) => text.includes(rosa.name) || text.includes(rosa.email))
      .map(([t]) => t);
    expect(holding).toEqual([]);

    // And can never sign in again, with the old address or the new one.
    for (const email of [rosa.email, erasedEmail(rosa.id)]) {
      const signIn = await p.anonymous.fetch("/auth/v1/sign-in/email", {
        method: "POST",
        json: { email, password: "portal-demo-rosa" },
      });
      expect(signIn.status, email).toBeGreaterThanOrEqual(400);
    }
    const entries = (await (await p.as("admin").fetch("/audit-log?limit=5")).json()).items as AuditEntryDto[];
    expect(entries[0]).toMatchObject({
      action: "user.erased",
      targetId: rosa.id,
      targetLabel: ERASED_NAME,
      actorName: "Margaret Okafor",
    });
    expect((await p.as("admin").fetch(`/users/${rosa.id}/erase`, { method: "POST" })).status).toBe(409);
  });
});
