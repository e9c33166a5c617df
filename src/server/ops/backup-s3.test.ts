import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackupCommand } from "../cli/backup-commands.ts";
import type { Config } from "../config.ts";
import { createS3Storage, storageFor } from "../lib/storage.ts";
import { startPortal } from "../portal.ts";
import {
  adminSignInOnRestored,
  freshTarget,
  openTarget,
  signIn,
  snapshot,
  storedFiles,
  type Snapshot,
} from "../test/backup-target.ts";
import { DB_KINDS } from "../test/harness.ts";
import { startS3Peer, type S3Peer } from "../test/s3-peer.ts";
import { writeBackup } from "./backup.ts";

const cleanups: (() => Promise<void>)[] = [];
let peer: S3Peer;
const BUCKETS = ["source", "restored", "from-local", "busy", "many"];

beforeAll(async () => {
  peer = await startS3Peer(DB_KINDS.flatMap((kind) => BUCKETS.map((b) => `${kind}-${b}`)));
}, 60_000);
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await peer?.close();
});

/** The portal's state after a restore is the state backed up: every table, every sequence, every object's bytes. */
function expectSameState(after: Snapshot, before: Snapshot) {
  expect(Object.keys(after.tables)).toEqual(Object.keys(before.tables));
  for (const table of Object.keys(before.tables)) expect(after.tables[table], table).toEqual(before.tables[table]);
  expect(after.sequences).toEqual(before.sequences);
  expect(Object.keys(after.files).sort()).toEqual(Object.keys(before.files).sort());
  for (const [key, bytes] of Object.entries(before.files)) expect(after.files[key]!.equals(bytes), key).toBe(true);
}

async function stateOf(config: Config) {
  const db = await openTarget(config);
  try {
    return await snapshot(db, config);
  } finally {
    await db.close();
  }
}

async function archiveOf(file: string) {
  const names: string[] = [];
  await tar.t({ file, onReadEntry: (e) => names.push(e.path) });
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-manifest-"));
  await tar.x({ file, cwd: dir, filter: (p) => p === "manifest.json" });
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as {
    storage: Record<string, unknown>;
  };
  return { names, manifest };
}

describe.each(DB_KINDS)("backup and restore with files in S3 on %s", (kind) => {
  const bucket = (name: string) => `${kind}-${name}`;
  let source: Config;
  let file: string;
  let before: Snapshot;
  let backedUp = "";

  beforeAll(async () => {
    source = await freshTarget(kind, cleanups, { SEED: "true", ...peer.env(bucket("source")) });
    const portal = await startPortal(source);
    expect((await signIn(portal.app, source, "admin@portal.test")).status).toBe(200);
    const store = storageFor(source);
    expect(store.kind).toBe("s3");
    await store.put("equipment/items/photo-1.jpg", randomBytes(300_000));
    await store.put("documents/p1/v2/contract.pdf", Buffer.from("%PDF-1.7\n\u0000\u00ff binary\r\n"));
    await store.put("receipts/empty.txt", new Uint8Array());
    // Longer than a tar header's 100-character name: the archive's own path extension carries it.
    await store.put(`documents/${randomUUID()}/${randomUUID()}/${randomUUID()}.pdf`, randomBytes(1000));
    await portal.stop();

    file = path.join(mkdtempSync(path.join(os.tmpdir(), "portal-backups-")), "s3.tar.gz");
    backedUp = await runBackupCommand(["backup", file], source);
    before = await stateOf(source);
    expect(Object.keys(before.files).length).toBeGreaterThanOrEqual(4);
    expect(before.tables['public."user"']!.length).toBeGreaterThan(0);
  }, 180_000);

  it("holds every object of the bucket, under the names the local store's files have, counted in its manifest", async () => {
    const keys = Object.keys(before.files).sort();
    const bytes = Object.values(before.files).reduce((n, b) => n + b.byteLength, 0);
    expect(backedUp).toMatch(
      new RegExp(
        `^Backed up \\d+ rows of \\d+ tables and ${keys.length} files \\(\\d+\\.\\d MB\\) of the S3 bucket ${bucket("source")} to `,
      ),
    );
    const { names, manifest } = await archiveOf(file);
    expect(names.filter((n) => n.startsWith("storage/")).sort()).toEqual(keys.map((k) => `storage/${k}`));
    expect(manifest.storage).toEqual({ included: true, store: "s3", files: keys.length, bytes, leftOut: 0 });
  });

  it("brings a new database and an empty bucket back to exactly the state backed up", async () => {
    const target = await freshTarget(kind, cleanups, peer.env(bucket("restored")));
    expect(await runBackupCommand(["restore", file], target)).toMatch(
      new RegExp(
        `^Restored \\d+ rows of \\d+ tables and ${Object.keys(before.files).length} files into the S3 bucket ${bucket("restored")} from `,
      ),
    );
    expectSameState(await stateOf(target), before);
    expect(await adminSignInOnRestored(target)).toBe(200);
  }, 180_000);

  it("restores a backup of the bucket onto local disk, and a backup of local disk into a bucket", async () => {
    // S3 → local disk.
    const local = await freshTarget(kind, cleanups);
    expect(await runBackupCommand(["restore", file], local)).toMatch(
      new RegExp(`and ${Object.keys(before.files).length} files into ${path.join(local.DATA_DIR, "storage")} from `),
    );
    expectSameState(await stateOf(local), before);

    // Local disk → S3. A file no portal could have written (one segment) cannot go into a bucket of the portal's
    // keys: it is left out, and said so; the store's temporaries are left out silently, as ever.
    writeFileSync(path.join(local.DATA_DIR, "storage", "stray.txt"), "put here by hand");
    mkdirSync(path.join(local.DATA_DIR, "storage", "receipts"), { recursive: true });
    writeFileSync(path.join(local.DATA_DIR, "storage", "receipts", ".x.pdf.abc.tmp"), "partial");
    const fromLocal = path.join(path.dirname(file), "local.tar.gz");
    expect(await runBackupCommand(["backup", fromLocal], local)).toMatch(
      new RegExp(
        `and ${Object.keys(before.files).length} files \\(\\d+\\.\\d MB\\) of ${path.join(local.DATA_DIR, "storage")} to .*; left out 1 file whose name is not one of the portal's: stray\\.txt$`,
      ),
    );
    const { manifest } = await archiveOf(fromLocal);
    expect(manifest.storage).toMatchObject({ store: "local", files: Object.keys(before.files).length, leftOut: 1 });
    const target = await freshTarget(kind, cleanups, peer.env(bucket("from-local")));
    await runBackupCommand(["restore", fromLocal], target);
    expectSameState(await stateOf(target), before);
  }, 240_000);

  it("never stalls, however the tables' files and the bucket's objects meet in the archive", async () => {
    // tar once stalled for good about one backup in thirty when objects were queued behind the tables' files.
    const config = { ...source, ...peer.env(bucket("many")) };
    const many = storageFor(config);
    for (let i = 0; i < 40; i++) await many.put(`receipts/r/${i}.txt`, randomBytes(i % 5 === 0 ? 0 : i * 37));
    const dir = mkdtempSync(path.join(os.tmpdir(), "portal-backups-"));
    const db = await openTarget(source);
    try {
      for (let round = 0; round < 40; round++) {
        const stalled = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`backup ${round} stalled`)), 20_000).unref(),
        );
        const s = await Promise.race([writeBackup(db, config, path.join(dir, `b${round}.tar.gz`)), stalled]);
        expect(s.files).toBe(40);
      }
    } finally {
      await db.close();
    }
  }, 240_000);

  it("writes no file at all when the bucket cannot be read", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "portal-backups-"));
    await expect(
      runBackupCommand(["backup", path.join(dir, "x.tar.gz")], { ...source, S3_BUCKET: bucket("missing") }),
    ).rejects.toThrow(/^S3 LIST answered 404 NoSuchBucket: The specified bucket does not exist$/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses to restore into a bucket that holds objects, and changes nothing", async () => {
    const target = await freshTarget(kind, cleanups, peer.env(bucket("busy")));
    const bucketOf = createS3Storage({
      endpoint: peer.endpoint,
      bucket: bucket("busy"),
      region: "us-east-1",
      accessKeyId: peer.accessKeyId,
      secretAccessKey: peer.secretAccessKey,
    });
    await bucketOf.put("receipts/someone-else.pdf", Buffer.from("%PDF"));
    await expect(runBackupCommand(["restore", file], target)).rejects.toThrow(
      new RegExp(
        `^Restore refused: the S3 bucket ${bucket("busy")} already holds objects \\(receipts/someone-else\\.pdf among them\\)\\..*nothing was changed\\.$`,
      ),
    );
    const db = await openTarget(target);
    const { rows } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')`,
    );
    await db.close();
    expect(rows[0]!.n).toBe(0);
    expect(Object.keys(await storedFiles(target))).toEqual(["receipts/someone-else.pdf"]);
  }, 120_000);
});
