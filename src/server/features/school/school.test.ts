import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  DEFAULT_SCHOOL_SETTINGS,
  STALE_SETTINGS_MESSAGE,
  schoolSettingsSchema,
  slugify,
  uniqueKey,
  type SchoolSettings,
} from "../../../common/school.ts";
import { currencyMinorDigits } from "../../../common/money.ts";
import { schoolSettings } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { ADMIN_ONLY, expectMatrixRow, SIGNED_IN, signInAll, type MatrixRow } from "../../test/matrix.ts";
import { getSchoolSettings } from "./service.ts";
import { keys } from "../../../common/query-keys.ts";

describe("school settings rules", () => {
  it("makes keys from labels, unique within the list", () => {
    expect(slugify("  Location & talent releases ")).toBe("location_talent_releases");
    expect(slugify("Sécurité")).toBe("securite");
    expect(slugify("!!!")).toBe("item");
    expect(uniqueKey("Insurance", ["insurance", "insurance_2"])).toBe("insurance_3");
  });

  it("knows the minor-unit digits of each currency", () => {
    expect(currencyMinorDigits("EUR")).toBe(2);
    expect(currencyMinorDigits("JPY")).toBe(0);
  });

  it("accepts the defaults", () => {
    expect(schoolSettingsSchema.parse(DEFAULT_SCHOOL_SETTINGS)).toEqual(DEFAULT_SCHOOL_SETTINGS);
  });
});

describe.each(DB_KINDS)("school settings on %s", (kind) => {
  let p: TestPortal;
  let admin: string;
  let student: string;
  const get = async (cookie: string) => (await p.request("/rest/v1/school-settings", { cookie })).json();
  const put = (cookie: string, json: unknown) => p.request("/rest/v1/school-settings", { method: "PUT", cookie, json });

  beforeAll(async () => {
    p = await startTestPortal(kind);
    admin = await p.signIn("admin@portal.test");
    student = await p.signIn("student@portal.test");
  });
  afterAll(() => p?.close());
  /** What a change made behind the portal's back needs before the portal reads it: the event a save publishes. */
  const announceHandEdit = () =>
    p.services.events.publish({ type: "school.updated", invalidate: [keys.schoolSettings()] });

  it("reads the demo school's settings for anyone signed in, nobody else", async () => {
    const s = await get(student);
    expect(s.version).toBe(1);
    expect(s.settings).toMatchObject({ schoolName: "Northbridge Film School", currency: "EUR", budgetBypass: false });
    expect(s.settings.greenlightItems).toHaveLength(6);
    expect((await p.request("/rest/v1/school-settings")).status).toBe(401);
  });

  it("lets only admins change them", async () => {
    const { settings, version } = await get(admin);
    for (const who of ["student@portal.test", "staff@portal.test", "equipment@portal.test"]) {
      const res = await put(await p.signIn(who), { version, settings: { ...settings, budgetBypass: true } });
      expect(res.status).toBe(403);
    }
    expect((await get(admin)).version).toBe(version);
  });

  it.each<MatrixRow<{ version: number; settings: SchoolSettings }>>([
    ["read the settings", "GET", () => "/school-settings", undefined, SIGNED_IN],
    [
      "change the settings",
      "PUT",
      () => "/school-settings",
      (f) => ({
        version: f.version,
        settings: { ...f.settings, approvalLinkDays: f.settings.approvalLinkDays === 20 ? 21 : 20 },
      }),
      ADMIN_ONLY,
    ],
  ])("answers who may %s", async (...row) => {
    const { cookies } = await signInAll(p);
    await expectMatrixRow(p, cookies, () => get(admin), row);
  });

  it("saves a change, bumps the version and writes what changed to the audit log", async () => {
    const { settings, version } = await get(admin);
    const next: SchoolSettings = {
      ...settings,
      schoolName: "  Northbridge School of Film  ",
      budgetBypass: true,
      equipmentRules: { ...settings.equipmentRules, strikeLimit: 5 },
    };
    const res = await put(admin, { version, settings: next });
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved.version).toBe(version + 1);
    expect(saved.settings).toMatchObject({
      schoolName: "Northbridge School of Film",
      budgetBypass: true,
      equipmentRules: { strikeLimit: 5 },
    });
    expect(await getSchoolSettings(p.services.db)).toMatchObject({ budgetBypass: true });

    const log = await (await p.request("/rest/v1/audit-log", { cookie: admin })).json();
    expect(log.items[0]).toMatchObject({
      action: "school.settings_changed",
      actorName: "Margaret Okafor",
      targetLabel: "Northbridge School of Film",
    });
    expect(Object.keys(log.items[0].details.changes).sort()).toEqual(["budgetBypass", "equipmentRules", "schoolName"]);
    expect(log.items[0].details.changes.budgetBypass).toEqual({ from: false, to: true });
  });

  it("refuses a save made from an old version with 409 and the current settings", async () => {
    const { settings, version } = await get(admin);
    expect((await put(admin, { version, settings: { ...settings, approvalLinkDays: 30 } })).status).toBe(200);
    const stale = await put(admin, { version, settings: { ...settings, currency: "GBP" } });
    expect(stale.status).toBe(409);
    const err = (await stale.json()).error;
    expect(err.message).toBe(STALE_SETTINGS_MESSAGE);
    expect(err.details.current).toMatchObject({
      version: version + 1,
      settings: { approvalLinkDays: 30, currency: "EUR" },
    });
  });

  it("lets one of two simultaneous saves of the same version win", async () => {
    const { settings, version } = await get(admin);
    const results = await Promise.all([
      put(admin, { version, settings: { ...settings, approvalLinkDays: 7 } }),
      put(admin, { version, settings: { ...settings, approvalLinkDays: 8 } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await get(admin)).version).toBe(version + 1);
  });

  it("answers an unchanged save without a new version or audit entry", async () => {
    const before = await get(admin);
    const auditBefore = (await (await p.request("/rest/v1/audit-log", { cookie: admin })).json()).total;
    const res = await put(admin, { version: before.version, settings: before.settings });
    expect((await res.json()).version).toBe(before.version);
    expect((await (await p.request("/rest/v1/audit-log", { cookie: admin })).json()).total).toBe(auditBefore);
  });

  it.each([
    ["a short school name", (s: SchoolSettings) => ({ ...s, schoolName: " x " }), /at least 2 characters/],
    ["a long school name", (s: SchoolSettings) => ({ ...s, schoolName: "x".repeat(121) }), /at most 120/],
    ["an unknown currency", (s: SchoolSettings) => ({ ...s, currency: "XYZ" }), /currency/i],
    ["a lower-case currency", (s: SchoolSettings) => ({ ...s, currency: "eur" }), /currency/i],
    ["a bypass that is not a boolean", (s: SchoolSettings) => ({ ...s, budgetBypass: "yes" }), /true or false/],
    ["no checklist items", (s: SchoolSettings) => ({ ...s, greenlightItems: [] }), /at least one item/],
    [
      "21 checklist items",
      (s: SchoolSettings) => ({
        ...s,
        greenlightItems: Array.from({ length: 21 }, (_, i) => ({ ...s.greenlightItems[0]!, key: `k${i}` })),
      }),
      /at most 20/,
    ],
    [
      "two items with one key",
      (s: SchoolSettings) => ({ ...s, greenlightItems: [s.greenlightItems[0], s.greenlightItems[0]] }),
      /share the key/,
    ],
    [
      "a one-letter label",
      (s: SchoolSettings) => ({ ...s, greenlightItems: [{ ...s.greenlightItems[0]!, label: "x" }] }),
      /at least 2/,
    ],
    [
      "a key that is not a slug",
      (s: SchoolSettings) => ({ ...s, greenlightItems: [{ ...s.greenlightItems[0]!, key: "Bad Key" }] }),
      /lower-case/,
    ],
    [
      "an unknown source",
      (s: SchoolSettings) => ({ ...s, greenlightItems: [{ ...s.greenlightItems[0]!, source: "magic" }] }),
      /ticked from/,
    ],
    [
      "an unknown ticker",
      (s: SchoolSettings) => ({ ...s, greenlightItems: [{ ...s.greenlightItems[0]!, tickedBy: "dean" }] }),
      /who ticks/,
    ],
    [
      "a lead time of 721 hours",
      (s: SchoolSettings) => ({ ...s, equipmentRules: { ...s.equipmentRules, minLeadHours: 721 } }),
      /between 0 and 720 hours/,
    ],
    [
      "a booking of 0 days",
      (s: SchoolSettings) => ({ ...s, equipmentRules: { ...s.equipmentRules, maxBookingDays: 0 } }),
      /between 1 and 180 days/,
    ],
    [
      "a strike limit of 2.5",
      (s: SchoolSettings) => ({ ...s, equipmentRules: { ...s.equipmentRules, strikeLimit: 2.5 } }),
      /whole number/,
    ],
    ["a link of 91 days", (s: SchoolSettings) => ({ ...s, approvalLinkDays: 91 }), /between 1 and 90 days/],
    [
      "one separator for decimals and thousands",
      (s: SchoolSettings) => ({ ...s, numberFormat: { decimal: ",", grouping: "," } }),
      /must differ from the decimal separator/,
    ],
    [
      "a decimal separator that is not a point or comma",
      (s: SchoolSettings) => ({ ...s, numberFormat: { decimal: "'", grouping: "" } }),
      /point or a comma/,
    ],
    ["an unknown clock", (s: SchoolSettings) => ({ ...s, clock: "13h" }), /clock/],
    ["an unknown date order", (s: SchoolSettings) => ({ ...s, dateOrder: "ydm" }), /order of dates/],
  ])("refuses %s with a 400 that says why", async (_name, change, message) => {
    const { settings, version } = await get(admin);
    const res = await put(admin, { version, settings: change(settings) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(message);
    expect((await get(admin)).version).toBe(version);
  });

  it("keeps the clock and date order, and tells them to anyone, signed in or not", async () => {
    expect(await (await p.request("/rest/v1/school-formats")).json()).toEqual({ clock: "24h", dateOrder: "dmy" });
    const { settings, version } = await get(admin);
    const res = await put(admin, { version, settings: { ...settings, clock: "12h", dateOrder: "mdy" } });
    expect(res.status).toBe(200);
    expect(await (await p.request("/rest/v1/school-formats")).json()).toEqual({ clock: "12h", dateOrder: "mdy" });
    const again = await get(admin);
    expect(
      (await put(admin, { version: again.version, settings: { ...again.settings, clock: "24h", dateOrder: "dmy" } }))
        .status,
    ).toBe(200);
  });

  it("refuses a body without a version or settings, or not JSON", async () => {
    const { settings } = await get(admin);
    expect((await put(admin, { settings })).status).toBe(400);
    expect((await put(admin, { version: 1 })).status).toBe(400);
    const bad = await p.request("/rest/v1/school-settings", {
      method: "PUT",
      cookie: admin,
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
  });

  it("fills in settings missing from an older row, and the defaults when there is no row", async () => {
    await p.services.db
      .update(schoolSettings)
      .set({ settings: { schoolName: "Old Row School", currency: "CHF" } as SchoolSettings })
      .where(eq(schoolSettings.id, 1));
    await announceHandEdit();
    const s = await getSchoolSettings(p.services.db);
    expect(s).toMatchObject({
      schoolName: "Old Row School",
      currency: "CHF",
      budgetBypass: false,
      approvalLinkDays: 14,
    });
    expect(s.equipmentRules).toEqual(DEFAULT_SCHOOL_SETTINGS.equipmentRules);
    expect(s.greenlightItems).toEqual(DEFAULT_SCHOOL_SETTINGS.greenlightItems);

    await p.services.db.delete(schoolSettings);
    await announceHandEdit();
    const none = await get(student);
    expect(none).toEqual({ settings: DEFAULT_SCHOOL_SETTINGS, version: 0, updatedAt: null });
    const first = await put(admin, { version: 0, settings: { ...DEFAULT_SCHOOL_SETTINGS, currency: "JPY" } });
    expect(first.status).toBe(200);
    expect((await first.json()).version).toBe(1);
    expect((await put(admin, { version: 0, settings: DEFAULT_SCHOOL_SETTINGS })).status).toBe(409);
  });
});
