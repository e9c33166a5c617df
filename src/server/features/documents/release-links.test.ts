import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNING_TOKEN_HEADER, type DocumentDto } from "../../../common/documents.ts";
import type { ReleaseLinkCreatedDto, ReleaseLinkDto } from "../../../common/release-links.ts";
import { releaseLinks } from "../../db/schema/index.ts";
import { hashToken } from "../../lib/tokens.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { newProject } from "../../test/fixtures.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { RELEASE_COPIES_PER_MINUTE } from "./routes.ts";

const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe.each(DB_KINDS)("self-service release links on %s", (kind) => {
  let p: TestPortal;
  let projectId = "";
  const links = () => `/projects/${projectId}/documents/release-links`;
  const make = async (input: Record<string, unknown>) => {
    const res = await p.as("member").post(links(), input);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as ReleaseLinkCreatedDto;
  };
  const tokenOf = (url: string) => new URL(url).pathname.split("/").at(-1)!;

  beforeAll(async () => {
    p = await startTestPortal(kind);
    await p.signInAll({ member: "student@portal.test", outsider: "tomas.novak@portal.test" });
    projectId = await newProject(p, "member", {
      title: "Open Casting",
      academicYear: "2031/32",
      myRoles: ["producer"],
      shootStart: "2031-10-01",
      shootEnd: "2031-10-03",
      locations: ["Studio 2"],
    });
  }, 120_000);
  afterAll(() => p?.close());

  it("lets a person without an account fill, sign and seal their own copy, and counts it on the link", async () => {
    const made = await make({ template: "talent_release", label: "Casting 12 May", days: 7 });
    expect(made.url).toMatch(/\/release\/[A-Za-z0-9_-]{43}$/);
    expect(made.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(made.link).toMatchObject({ label: "Casting 12 May", template: "talent_release", started: 0, signed: 0 });
    const token = tokenOf(made.url);

    // Only the hash is kept: the token itself is nowhere in the table.
    const [row] = await p.services.db.select().from(releaseLinks).where(eq(releaseLinks.id, made.link.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    const dump = await p.services.db.execute(sql`select row_to_json(r)::text as j from release_links r`);
    expect(JSON.stringify(dump.rows)).not.toContain(token);

    const intro = await p.anonymous.get(`/rest/v1/release-link/${token}`);
    expect(intro.status).toBe(200);
    expect(intro.body).toMatchObject({
      projectTitle: "Open Casting",
      releaseLabel: "Talent release",
      label: "Casting 12 May",
    });

    const bad = await p.anonymous.post(`/rest/v1/release-link/${token}/copies`, { name: "Ana", email: "not-mail" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/valid email/);

    const copy = await p.anonymous.post(`/rest/v1/release-link/${token}/copies`, {
      name: "Ana Costa",
      email: "ana@outside.test",
      detail: "Waitress",
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const m = (copy.body.path as string).match(
      /^\/signature\/([0-9a-f-]{36})\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)$/,
    );
    expect(m).not.toBeNull();
    const headers = { [SIGNING_TOKEN_HEADER]: decodeURIComponent(m![3]!), "user-agent": "PhoneBrowser/1.0" };
    const view = await p.anonymous.get(`/rest/v1/signing/${m![1]}/${m![2]}`, { headers });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const file = await p.anonymous.get(`/storage/v1/object/signing/${m![1]}/${m![2]}`, { headers });
    expect(file.status).toBe(200);
    expect((await pdfText(file.bytes)).join(" ")).toContain("Ana Costa");

    const signed = await p.anonymous.post(
      `/rest/v1/signing/${m![1]}/${m![2]}/sign`,
      { kind: "drawn", consent: true, image: PNG_DATA_URL },
      { headers },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toEqual({ completed: true });

    const docs = await p.as("member").get(`/projects/${projectId}/documents`);
    const doc = (docs.body.items as DocumentDto[]).find((d) => d.title === "Talent release — Ana Costa");
    expect(doc).toBeDefined();
    expect(doc!.category).toBe("release_forms");
    expect(doc!.versions[0]!.origin).toBe("sealed");
    expect(doc!.submissions[0]!.status).toBe("completed");

    const listed = await p.as("member").get(links());
    expect(listed.status).toBe(200);
    expect((listed.body as ReleaseLinkDto[]).find((l) => l.id === made.link.id)).toMatchObject({
      started: 1,
      signed: 1,
    });
  });

  it("refuses a closed or expired link with a message, and an unknown one as not found", async () => {
    const made = await make({ template: "location_release", label: "On set", days: 3 });
    const token = tokenOf(made.url);
    const revoked = await p.as("member").post(`${links()}/${made.link.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const gone = await p.anonymous.get(`/rest/v1/release-link/${token}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.message).toMatch(/no longer open/);
    const copy = await p.anonymous.post(`/rest/v1/release-link/${token}/copies`, { name: "Bo Li", email: "bo@x.test" });
    expect(copy.status).toBe(410);

    const later = await make({ template: "talent_release", label: "Old casting", days: 1 });
    await p.services.db
      .update(releaseLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(releaseLinks.id, later.link.id));
    const expired = await p.anonymous.post(`/rest/v1/release-link/${tokenOf(later.url)}/copies`, {
      name: "Cy Doe",
      email: "cy@x.test",
    });
    expect(expired.status).toBe(410);

    const unknown = await p.anonymous.get(`/rest/v1/release-link/${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/not valid/);
  });

  it("keeps the expiry within 1 to 30 days and the links to the crew", async () => {
    for (const days of [0, 31, 2.5]) {
      const res = await p.as("member").post(links(), { template: "talent_release", label: "x", days });
      expect(res.status).toBe(400);
    }
    const deal = await p.as("member").post(links(), { template: "crew_deal_memo", label: "x", days: 2 });
    expect(deal.status).toBe(400);
    expect((await p.as("outsider").get(links())).status).toBe(403);
    expect((await p.as("outsider").post(links(), { template: "talent_release", label: "x", days: 2 })).status).toBe(
      403,
    );
  });

  // Last: it spends this address's copies for the minute.
  it("slows down one address that starts too many copies in a minute", async () => {
    const token = tokenOf((await make({ template: "talent_release", label: "Busy casting", days: 1 })).url);
    const statuses: number[] = [];
    for (let i = 0; i < RELEASE_COPIES_PER_MINUTE + 2; i++)
      statuses.push(
        (await p.anonymous.post(`/rest/v1/release-link/${token}/copies`, { name: "X", email: "x" })).status,
      );
    expect(statuses.at(-1)).toBe(429);
    const slowed = await p.anonymous.post(`/rest/v1/release-link/${token}/copies`, {
      name: "Ed Po",
      email: "ed@x.test",
    });
    expect(slowed.status).toBe(429);
    expect(slowed.body.error.message).toMatch(/Wait a minute/);
  });
});
