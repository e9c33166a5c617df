import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { profiles } from "../db/schema/index.ts";
import type { TestPortal } from "./harness.ts";

/** Who calls, in the order of every matrix row's expected answers. */
export const CALLERS = ["anonymous", "outsider", "member", "staff", "equipment", "admin"] as const;
export type Caller = (typeof CALLERS)[number];
export type Expected = readonly [anonymous: number, outsider: number, member: number, staff: number, equipment: number, admin: number];

/**
 * The demo accounts behind the callers. "member" leads the projects the tests make and "outsider" is
 * on none of their crews; where no project is involved they are simply two students.
 */
export const CALLER_EMAILS: Record<Exclude<Caller, "anonymous">, string> = {
  outsider: "tomas.novak@portal.test",
  member: "student@portal.test",
  staff: "staff@portal.test",
  equipment: "equipment@portal.test",
  admin: "admin@portal.test",
};

export const SIGNED_IN: Expected = [401, 200, 200, 200, 200, 200];
export const ADMIN_ONLY: Expected = [401, 403, 403, 403, 403, 200];
export const STAFF_AND_ADMIN: Expected = [401, 403, 403, 200, 403, 200];
export const PUBLIC: Expected = [200, 200, 200, 200, 200, 200];

/** Signs the given accounts in (the callers' by default), answering their cookies and profile ids by key. */
export async function signInAll(p: TestPortal, emails: Record<string, string> = CALLER_EMAILS) {
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  for (const [key, email] of Object.entries(emails)) {
    cookies[key] = await p.signIn(email);
    const [row] = await p.services.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
    ids[key] = row!.id;
  }
  return { cookies, ids };
}

/** One endpoint of a matrix; paths are under /rest/v1. */
export type MatrixRow<F> = [
  name: string,
  method: string,
  path: (f: F) => string,
  json: Body | ((f: F) => Body),
  expected: Expected,
];
type Body = Record<string, unknown> | undefined;

/**
 * Calls one endpoint as each caller, each on a fresh fixture (a call may change or delete what it is
 * given), and compares the statuses as one list so a failure shows the whole row.
 */
export async function expectMatrixRow<F>(p: TestPortal, cookies: Record<string, string>, fixture: () => Promise<F>, row: MatrixRow<F>) {
  const [, method, path, json, expected] = row;
  const got: number[] = [];
  for (const who of CALLERS) {
    const f = await fixture();
    const res = await p.request(`/rest/v1${path(f)}`, {
      method,
      json: typeof json === "function" ? json(f) : json,
      cookie: who === "anonymous" ? undefined : cookies[who],
    });
    got.push(res.status);
  }
  expect(got).toEqual(expected);
}

/** Every case answers a 4xx with a message a person can read, never a 500; paths are under /rest/v1. */
export async function expectClientErrors(p: TestPortal, cookie: string, cases: [method: string, path: string, json?: unknown][]) {
  for (const [method, path, json] of cases) {
    const res = await p.request(`/rest/v1${path}`, { method, json, cookie });
    const text = await res.text();
    const where = `${method} ${path} → ${res.status} ${text.slice(0, 200)}`;
    expect(res.status, where).toBeGreaterThanOrEqual(400);
    expect(res.status, where).toBeLessThan(500);
    expect(JSON.parse(text).error.message, where).toMatch(/\w/);
  }
}
