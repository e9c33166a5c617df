import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BulkReleaseResult } from "../../../common/bulk-releases.ts";
import type { DocumentDto } from "../../../common/documents.ts";
import { jobs } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { newProject } from "../../test/fixtures.ts";
import { pdfText } from "../../test/pdf-text.ts";

describe.each(DB_KINDS)("sending a release to many people on %s", (kind) => {
  let p: TestPortal;
  let projectId = "";
  const bulk = () => `/projects/${projectId}/documents/bulk-releases`;
  const list = ["Ada Obi, ada@example.org", "Bo Li; BO@example.org", "Carl, carl@", "Dee Ray, ada@example.org"].join(
    "\n",
  );
  const mailsTo = async (email: string) =>
    p.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, "email.send"), sql`${jobs.payload}->>'to' = ${email}`));

  beforeAll(async () => {
    p = await startTestPortal(kind);
    await p.signInAll({ member: "student@portal.test", outsider: "tomas.novak@portal.test" });
    projectId = await newProject(p, "member", {
      title: "Crowd Scene",
      academicYear: "2031/32",
      myRoles: ["producer"],
    });
  }, 120_000);
  afterAll(() => p?.close());

  it("shows each line's problem before sending, and sends nothing on a dry run", async () => {
    const res = await p.as("member").post(bulk(), { template: "talent_release", list, dryRun: true });
    expect(res.status).toBe(200);
    const out = res.body as BulkReleaseResult;
    expect(out.sent).toBe(0);
    expect(out.lines.map((l) => [l.line, l.state, l.error])).toEqual([
      [1, "ready", null],
      [2, "ready", null],
      [3, "error", "“carl@” is not an e-mail address."],
      [4, "error", "Already on line 1."],
    ]);
    expect(await mailsTo("ada@example.org")).toHaveLength(0);
  });

  it("gives each good line its own filled copy to sign, and sends no one twice on a retry", async () => {
    const res = await p.as("member").post(bulk(), {
      template: "talent_release",
      detail: "Crowd",
      list,
      message: "Thanks for coming!",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as BulkReleaseResult).sent).toBe(2);
    const docs = (await p.as("member").get(`/projects/${projectId}/documents?limit=50`)).body.items as DocumentDto[];
    const ada = docs.find((d) => d.title.includes("Ada Obi"))!;
    expect(ada.submissions[0]!.signers.map((x) => x.email)).toEqual(["ada@example.org"]);
    const text = (await pdfText((await p.as("member").get(ada.versions[0]!.url)).bytes)).join("\n");
    expect(text).toContain("Performer: Ada Obi");
    expect(text).toContain("Role: Crowd");
    expect(await mailsTo("ada@example.org")).toHaveLength(1);
    expect(await mailsTo("bo@example.org")).toHaveLength(1);

    const again = (await p.as("member").post(bulk(), { template: "talent_release", list })).body as BulkReleaseResult;
    expect(again.sent).toBe(0);
    expect(again.lines.slice(0, 2).map((l) => l.state)).toEqual(["already_sent", "already_sent"]);
    expect(await mailsTo("ada@example.org")).toHaveLength(1);
  });

  it("keeps it to the crew and to releases", async () => {
    expect((await p.as("outsider").post(bulk(), { template: "talent_release", list, dryRun: true })).status).toBe(403);
    const memo = await p.as("member").post(bulk(), { template: "crew_deal_memo", list, dryRun: true });
    expect(memo.status).toBe(400);
    expect(memo.body.error.message).toMatch(/Only releases/);
    expect((await p.as("member").post(bulk(), { template: "talent_release", list: "\n\n" })).status).toBe(400);
  });
});
