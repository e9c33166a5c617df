import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { DatabaseInUseError, lockDataDir } from "./pglite-lock.ts";

const folder = () => path.join(mkdtempSync(path.join(os.tmpdir(), "portal-lock-")), "pglite");

describe("the embedded database lock", () => {
  it("lets one holder at a time open a folder, and frees it on release", () => {
    const dir = folder();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DatabaseInUseError);
    expect(() => lockDataDir(dir)).toThrow(
      /is in use by another process \(pid \d+\).*stop it first, or use DATABASE_URL/,
    );
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it("refuses a folder held by another running process", () => {
    const dir = folder();
    // the process that started this test runner is alive for as long as the test runs
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${process.ppid}`));
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    writeFileSync(`${dir}.lock`, gone.stdout.toString());
    const release = lockDataDir(dir);
    release();
    // a lock naming our own pid that we do not hold is stale too (a restarted container reuses pids)
    writeFileSync(`${dir}.lock`, String(process.pid));
    lockDataDir(dir)();
  });

  it("is taken by openDatabase, so a second opener fails clearly instead of corrupting the data", async () => {
    const dir = folder();
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DatabaseInUseError);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });
});
