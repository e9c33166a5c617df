import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "portal-config-"));

describe("configuration", () => {
  it("starts on the embedded defaults with nothing set", () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: "http://localhost:3000",
      databaseKind: "pglite",
      SEED: true,
      REQUIRE_EMAIL_CONFIRMATION: false,
    });
    expect(c.SMTP_URL).toBeUndefined();
  });

  it("generates the auth secret once and keeps it in DATA_DIR", () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).AUTH_SECRET).toBe(first);
  });

  it("never seeds known passwords into PostgreSQL unless asked", () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://u@h/db" }).SEED).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://u@h/db", SEED: "true" }).SEED).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, SEED: "false" }).SEED).toBe(false);
  });

  it.each([
    [{ PORT: "eighty" }, /^PORT: must be a number$/],
    [{ PORT: "70000" }, /^PORT: must be a port between 0 and 65535$/],
    [{ PUBLIC_URL: "portal.school.edu" }, /^PUBLIC_URL: must be a URL starting with http:\/\/ or https:\/\/$/],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\/$/],
    [{ SMTP_URL: "mail.school.edu" }, /^SMTP_URL: must be a URL starting with smtp:\/\/ or smtps:\/\/$/],
    [{ MAIL_FROM: "nobody" }, /^MAIL_FROM: must be an e-mail address/],
    [{ AUTH_SECRET: "short" }, /^AUTH_SECRET: must be at least 32 characters$/],
    [{ SEED: "maybe" }, /^SEED: must be true or false$/],
    [{ BACKUP_KEEP: "0" }, /^BACKUP_KEEP: must be positive$/],
    [{ BACKUP_KEEP: "a week" }, /^BACKUP_KEEP: must be a number$/],
  ])("stops with one line naming the variable for %o", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrowError(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrowError(message);
  });

  it("makes no scheduled backup unless BACKUP_DIR is set, and keeps 7 by default", () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ BACKUP_DIR: undefined, BACKUP_KEEP: 7 });
    expect(loadConfig({ DATA_DIR: tmp(), BACKUP_DIR: "backups", BACKUP_KEEP: "30" })).toMatchObject({
      BACKUP_DIR: path.resolve("backups"),
      BACKUP_KEEP: 30,
    });
  });

  it("trims a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: "https://portal.school.edu/" }).PUBLIC_URL).toBe(
      "https://portal.school.edu",
    );
  });
});
