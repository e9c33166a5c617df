import { eq } from "drizzle-orm";
import {
  DEFAULT_SCHOOL_SETTINGS,
  STALE_SETTINGS_MESSAGE,
  type SchoolSettings,
  type SchoolSettingsDto,
  withGreenlightGate,
} from "../../../common/school.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared-query.ts";
import { schoolSettings } from "../../db/schema/index.ts";
import type { DateFormats } from "../../../common/datetime.ts";
import { createEventClearedCache, jsonAnswers, type EventClearedCache } from "../../lib/cache.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAudit, type Actor } from "../audit/service.ts";
import { keys } from "../../../common/query-keys.ts";
import { sameJson } from "../../lib/same-json.ts";

const SCHOOL_ROW = 1;

/**
 * A row written before a setting existed lacks its key; the default fills it in, so adding a
 * setting never needs a data migration and older rows keep working.
 */
function withDefaults(stored: Partial<SchoolSettings> | null | undefined): SchoolSettings {
  const s = stored ?? {};
  return {
    ...DEFAULT_SCHOOL_SETTINGS,
    ...s,
    equipmentRules: { ...DEFAULT_SCHOOL_SETTINGS.equipmentRules, ...withGreenlightGate(s.equipmentRules ?? {}) },
    greenlightItems: s.greenlightItems?.length ? s.greenlightItems : DEFAULT_SCHOOL_SETTINGS.greenlightItems,
    deliveryItems: s.deliveryItems?.length ? s.deliveryItems : DEFAULT_SCHOOL_SETTINGS.deliveryItems,
  };
}

const settingsRow = preparedQuery((db) => db.select().from(schoolSettings).where(eq(schoolSettings.id, SCHOOL_ROW)));
const settingsRowLocked = preparedQuery((db) =>
  db.select().from(schoolSettings).where(eq(schoolSettings.id, SCHOOL_ROW)).for("update"),
);

async function readFresh(db: DbOrTx, lock = false): Promise<SchoolSettingsDto> {
  const [row] = await (lock ? settingsRowLocked : settingsRow)(db, {});
  if (!row) return { settings: withDefaults(null), version: 0, updatedAt: null };
  return { settings: withDefaults(row.settings), version: row.version, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Nearly every request reads the settings (formats, currency, rules), and they change a few times a term: a
 * portal keeps them per database handle until an event names them (every save publishes `schoolSettings`, which
 * reaches every instance). A transaction is another handle and reads the row itself. Each reader gets its own
 * copy, so nothing a caller does to its settings can change another's.
 */
const keptSettings = new WeakMap<object, EventClearedCache<SchoolSettingsDto>>();
const SETTINGS_SCOPE = { deps: [keys.schoolSettings()] };

/** Called once the database is seeded: from then on every change of the settings goes through `updateSchoolSettings`, which announces it. */
export function keepSchoolSettings(s: Pick<Services, "db" | "events">): void {
  keptSettings.set(s.db, createEventClearedCache(s.events, { ttlMs: 5 * 60_000, maxEntries: 1 }));
}

async function readRow(db: DbOrTx, lock = false): Promise<SchoolSettingsDto> {
  const kept = lock ? undefined : keptSettings.get(db);
  if (!kept) return readFresh(db, lock);
  return structuredClone(await kept.get("settings", () => readFresh(db), undefined, SETTINGS_SCOPE));
}

/** The school's settings, for any domain that follows them (budgets, equipment, greenlight). */
export async function getSchoolSettings(db: DbOrTx): Promise<SchoolSettings> {
  return (await readRow(db)).settings;
}

export async function getSchoolSettingsDto(db: DbOrTx): Promise<SchoolSettingsDto> {
  return readRow(db);
}

/** How the school writes dates and times, as JSON: asked by every page of every person, kept until the settings change. */
const formats = jsonAnswers({ ttlMs: 60_000, maxEntries: 1 });
export function browseSchoolFormats(s: Pick<Services, "db" | "events">): Promise<Uint8Array<ArrayBuffer>> {
  return formats(s.events, "formats", { deps: [keys.schoolSettings()] }, async () => {
    const { clock, dateOrder } = await getSchoolSettings(s.db);
    return { clock, dateOrder } satisfies DateFormats;
  });
}

/** Writes the seed's settings when the school has none yet; an existing row is never overwritten. */
export async function seedSchoolSettings(db: DbOrTx, settings: Partial<SchoolSettings>): Promise<void> {
  await db
    .insert(schoolSettings)
    .values({ id: SCHOOL_ROW, settings: withDefaults(settings), version: 1 })
    .onConflictDoNothing();
}

type Change = { from: unknown; to: unknown };

/** Top-level settings that differ, with their old and new values, for the audit log. */
function diff(before: SchoolSettings, after: SchoolSettings): Record<string, Change> {
  const changes: Record<string, Change> = {};
  for (const key of Object.keys(after) as (keyof SchoolSettings)[]) {
    if (!sameJson(before[key], after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

/**
 * Saves the whole settings if nobody saved since `version` was read; otherwise 409 with the
 * current settings, so the admin can load them instead of overwriting a colleague's change blind.
 * The row lock makes two saves of the same version queue up: the second one sees the new version.
 */
export async function updateSchoolSettings(
  s: Pick<Services, "db" | "events">,
  opts: { actor: Actor; version: number; settings: SchoolSettings },
): Promise<SchoolSettingsDto> {
  const result = await s.db.transaction(async (tx) => {
    const current = await readRow(tx, true);
    if (current.version !== opts.version) throw new AppError("conflict", STALE_SETTINGS_MESSAGE, { current });
    const changes = diff(current.settings, opts.settings);
    if (Object.keys(changes).length === 0) return { dto: current, changedDelivery: false };
    // With no row yet there is nothing to lock: the insert itself decides who saved first.
    const [row] =
      current.version === 0
        ? await tx
            .insert(schoolSettings)
            .values({ id: SCHOOL_ROW, settings: opts.settings, version: 1 })
            .onConflictDoNothing()
            .returning()
        : await tx
            .update(schoolSettings)
            .set({ settings: opts.settings, version: current.version + 1, updatedAt: new Date() })
            .where(eq(schoolSettings.id, SCHOOL_ROW))
            .returning();
    if (!row) throw new AppError("conflict", STALE_SETTINGS_MESSAGE, { current: await readRow(tx) });
    await recordAudit(tx, opts.actor, {
      action: "school.settings_changed",
      targetType: "school",
      targetId: String(SCHOOL_ROW),
      targetLabel: opts.settings.schoolName,
      details: { version: row!.version, changes },
    });
    const dto = {
      settings: withDefaults(row!.settings),
      version: row!.version,
      updatedAt: row!.updatedAt.toISOString(),
    };
    return { dto, changedDelivery: "deliveryItems" in changes };
  });
  // Courses that follow the school's delivery list, and their projects' Delivery tabs, read it anew.
  const delivery = result.changedDelivery ? [keys.course(), keys.project()] : [];
  await s.events.publish({ type: "school.updated", invalidate: [keys.schoolSettings(), keys.auditLog(), ...delivery] });
  return result.dto;
}
