import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DB_KINDS, memoryLogger, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { PERF_REPORTS_PER_MINUTE } from "./routes.ts";

const report = { kind: "route", name: "/production-overview", durationMs: 4200 };
// what the web's api.ts takes for a sign-in limit, on which it signs the person out (SPEC §4)
const WEB_RATE_LIMIT_PATTERN = /too many (failed )?(login )?attempts|rate limit|too many requests/i;

describe.each(DB_KINDS)("the browser's performance log on %s", (kind) => {
  let p: TestPortal;
  const mem = memoryLogger("info");
  beforeAll(async () => {
    p = await startTestPortal(kind, { PERF_LOG_SAMPLE: "1" }, { log: mem.log });
  }, 180_000);
  afterAll(() => p?.close());
  const send = (cookie?: string) => p.request("/rest/v1/perf-log", { method: "POST", json: report, cookie });
  const logged = () => mem.lines.filter((l) => l.includes('"source":"browser"')).length;

  it("takes reports from signed-in people only", async () => {
    const res = await send();
    expect(res.status).toBe(401);
    expect(logged()).toBe(0);
  });

  it("limits each person's reports, without a message the web would sign them out for", async () => {
    const [jun, lena] = [await p.signIn("jun.park@portal.test"), await p.signIn("staff@portal.test")];
    for (let i = 0; i < PERF_REPORTS_PER_MINUTE; i++) expect((await send(jun)).status).toBe(204);
    expect(logged()).toBe(PERF_REPORTS_PER_MINUTE);
    const refused = await send(jun);
    expect(refused.status).toBe(429);
    const message = (await refused.json()).error.message as string;
    expect(message).toMatch(/limited/);
    expect(message).not.toMatch(WEB_RATE_LIMIT_PATTERN);
    expect(logged()).toBe(PERF_REPORTS_PER_MINUTE);
    // another person is not held back by the first
    expect((await send(lena)).status).toBe(204);
  });
});

describe("sampling of the performance log", () => {
  let p: TestPortal;
  const mem = memoryLogger("info");
  beforeAll(async () => {
    p = await startTestPortal("pglite", { PERF_LOG_SAMPLE: "0" }, { log: mem.log });
  }, 180_000);
  afterAll(() => p?.close());

  it("answers every accepted report and writes only the sample", async () => {
    const cookie = await p.signIn("student@portal.test");
    for (let i = 0; i < 5; i++)
      expect((await p.request("/rest/v1/perf-log", { method: "POST", json: report, cookie })).status).toBe(204);
    expect(mem.lines.filter((l) => l.includes('"source":"browser"'))).toEqual([]);
  });
});
