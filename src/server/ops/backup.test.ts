import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackupCommand } from "../cli/backup-commands.ts";
import type { Config } from "../config.ts";
import { storageFor } from "../lib/storage.ts";
import { startPortal } from "../portal.ts";
import {
  adminSignInOnRestored,
  freshTarget as freshTargetOf,
  openTarget,
  signIn,
  snapshot,
} from "../test/backup-target.ts";
import { DB_KINDS, startTestPortal, type DbKind } from "../test/harness.ts";
import { backupFileName, runScheduledBackup } from "./backup.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const freshTarget = (kind: DbKind, env: Record<string, string> = {}) => freshTargetOf(kind, cleanups, env);

describe.each(DB_KINDS)("backup and restore on %s", (kind) => {
  let source: Config;
  let file: string;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    // Seed, then change: sessions from a sign-in, text that needs quoting, stored files in several buckets.
    source = await freshTarget(kind, { SEED: "true" });
    const portal = await startPortal(source);
    expect((await signIn(portal.app, source, "admin@portal.test")).status).toBe(200);
    await portal.services.database.pool.query(`update profiles set full_name = $1 where email = 'admin@portal.test'`, [
      'Zoë "Q" O\'Brien, \\ (tab\t) {a,b} 日本',
    ]);
    const store = storageFor(source);
    await store.put("equipment/items/photo-1.jpg", randomBytes(300_000));
    await store.put("documents/p1/v2/contract.pdf", Buffer.from("%PDF-1.7\n\u0000\u00ff binary\r\n"));
    await store.put("receipts/empty.txt", new Uint8Array());
    // The store's own half-written temporaries are not files of the portal.
    writeFileSync(path.join(source.DATA_DIR, "storage", "receipts", ".empty.txt.abc.tmp"), "partial");
    await portal.stop();

    file = path.join(mkdtempSync(path.join(os.tmpdir(), "portal-backups-")), "school.tar.gz");
    expect(await runBackupCommand(["backup", file], source)).toMatch(
      /^Backed up \d+ rows of \d+ tables and \d+ files \(\d+\.\d MB\) of \/.*\/storage to /,
    );
    const sourceDb = await openTarget(source);
    before = await snapshot(sourceDb, source);
    await sourceDb.close();
    delete before.files["receipts/.empty.txt.abc.tmp"];
    expect(Object.keys(before.files)).toEqual(
      expect.arrayContaining(["documents/p1/v2/contract.pdf", "equipment/items/photo-1.jpg", "receipts/empty.txt"]),
    );
    expect(before.tables['public."user"']!.length).toBeGreaterThan(0);
    expect(before.tables["public.session"]!.length).toBeGreaterThan(0);
  }, 180_000);

  it("brings a wiped portal back to exactly the state backed up: every row of every table, every sequence, every file", async () => {
    // Wiped: a new data folder (and on PostgreSQL a new, empty database).
    const target = await freshTarget(kind);
    expect(await runBackupCommand(["restore", file], target)).toMatch(
      new RegExp(`^Restored \\d+ rows of \\d+ tables and ${Object.keys(before.files).length} files`),
    );
    const targetDb = await openTarget(target);
    const after = await snapshot(targetDb, target);
    await targetDb.close();
    expect(Object.keys(after.tables)).toEqual(Object.keys(before.tables));
    for (const table of Object.keys(before.tables)) expect(after.tables[table], table).toEqual(before.tables[table]);
    expect(after.sequences).toEqual(before.sequences);
    expect(Object.keys(after.files).sort()).toEqual(Object.keys(before.files).sort());
    for (const [key, bytes] of Object.entries(before.files)) expect(after.files[key]!.equals(bytes), key).toBe(true);

    // The restored portal runs, and its people sign in with what they had.
    expect(await adminSignInOnRestored(target)).toBe(200);
  }, 180_000);

  it("leaves the database empty when the rows fail to load, so the restore can be tried again", async () => {
    // The same backup with one row of the profiles lost: its count no longer matches, found while loading.
    const work = mkdtempSync(path.join(os.tmpdir(), "portal-damaged-"));
    await tar.x({ file, cwd: work });
    const table = readdirSync(path.join(work, "db")).find((f) => f.endsWith("-public.profiles.jsonl"))!;
    const lines = readFileSync(path.join(work, "db", table), "utf8")
      .split("\n")
      .filter(Boolean);
    writeFileSync(path.join(work, "db", table), lines.slice(1).join("\n") + "\n");
    const damaged = path.join(work, "damaged.tar.gz");
    await tar.c(
      { gzip: true, file: damaged, cwd: work },
      readdirSync(work).filter((f) => !f.endsWith(".tar.gz")),
    );

    const target = await freshTarget(kind);
    await expect(runBackupCommand(["restore", damaged], target)).rejects.toThrow(
      /table profiles should hold \d+ rows but has \d+: the file is damaged/,
    );
    const targetDb = await openTarget(target);
    const { rows } = await targetDb.pool.query<{ relations: number; types: number; functions: number }>(
      `select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S')) as relations,
              (select count(*)::int from pg_type t join pg_namespace n on n.oid = t.typnamespace
                where n.nspname in ('public', 'drizzle') and t.typtype = 'e') as types,
              (select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                where n.nspname in ('public', 'drizzle')) as functions`,
    );
    await targetDb.close();
    expect(rows[0]).toEqual({ relations: 0, types: 0, functions: 0 });
    expect(await runBackupCommand(["restore", file], target)).toMatch(/^Restored \d+ rows/);
    expect(await adminSignInOnRestored(target)).toBe(200);
  }, 180_000);

  it("refuses to restore into a database or file store that holds anything, and changes nothing", async () => {
    await expect(runBackupCommand(["restore", file], source)).rejects.toThrow(
      /Restore refused: the database already holds \d+ tables.*nothing was changed/,
    );
    const sourceAgain = await openTarget(source);
    const again = await snapshot(sourceAgain, source);
    await sourceAgain.close();
    delete again.files["receipts/.empty.txt.abc.tmp"];
    expect(again).toEqual(before);

    // An empty database beside a file store that already has files is refused as well.
    const target = await freshTarget(kind);
    mkdirSync(path.join(target.DATA_DIR, "storage", "receipts"), { recursive: true });
    writeFileSync(path.join(target.DATA_DIR, "storage", "receipts", "someone-else.pdf"), "%PDF");
    await expect(runBackupCommand(["restore", file], target)).rejects.toThrow(
      /Restore refused: the file store .* already holds files/,
    );
    const targetDb = await openTarget(target);
    const { rows } = await targetDb.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    await targetDb.close();
    expect(rows[0]!.n).toBe(0);

    // Anything else is not taken for a backup.
    rmSync(path.join(target.DATA_DIR, "storage"), { recursive: true, force: true });
    const notBackup = path.join(target.DATA_DIR, "notes.tar.gz");
    writeFileSync(notBackup, "hello");
    await expect(runBackupCommand(["restore", notBackup], target)).rejects.toThrow(
      /is not a readable backup of the portal/,
    );
    await expect(runBackupCommand(["restore"], target)).rejects.toThrow(/Name the backup file/);
  }, 120_000);

  it("writes the daily backup from the jobs worker when BACKUP_DIR is set, and keeps BACKUP_KEEP of them", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "portal-daily-"));
    writeFileSync(path.join(dir, "keep-me.txt"), "not a scheduled backup");
    const p = await startTestPortal(kind, {
      BACKUP_DIR: dir,
      BACKUP_KEEP: "2",
      JOB_WORKER: "true",
      JOB_POLL_MS: "100",
      SEED: "false",
    });
    try {
      const scheduled = () => readdirSync(dir).filter((f) => f.startsWith("portal-backup-") && f.endsWith(".tar.gz"));
      await expect.poll(scheduled, { timeout: 60_000, interval: 200 }).toHaveLength(1);
      const day = 24 * 3_600_000;
      for (const n of [1, 2, 3])
        await runScheduledBackup(p.services.database, p.services.config, new Date(Date.UTC(2030, 0, 1) + n * day));
      expect(scheduled().sort()).toEqual([
        backupFileName(new Date(Date.UTC(2030, 0, 1) + 2 * day)),
        backupFileName(new Date(Date.UTC(2030, 0, 1) + 3 * day)),
      ]);
      expect(existsSync(path.join(dir, "keep-me.txt"))).toBe(true);
      // The next run is queued for a day later, once, whichever instance ran this one.
      // (The worker queues it just after the file appears, so it is waited for.)
      const nextRun = async () =>
        (
          await p.services.database.pool.query<{ n: number; later: boolean }>(
            `select count(*)::int as n, bool_and(run_at > now() + interval '23 hours') as later from jobs where type = 'backup.daily' and status = 'pending'`,
          )
        ).rows[0];
      await expect.poll(nextRun, { timeout: 30_000, interval: 200 }).toEqual({ n: 1, later: true });
    } finally {
      await p.close();
    }
  }, 120_000);
});
