import { expect } from "vitest";
import { DEMO_PEOPLE, type TestPortal } from "./harness.ts";

/** Who calls, in the order of every matrix row's expected answers. */
export const CALLERS = ["anonymous", "outsider", "member", "staff", "equipment", "admin"] as const;
export type Caller = (typeof CALLERS)[number];
export type Expected = readonly [
  anonymous: number,
  outsider: number,
  member: number,
  staff: number,
  equipment: number,
  admin: number,
];

/** The demo accounts behind the callers (see the harness's `DEMO_PEOPLE`). */
export const CALLER_EMAILS: Record<Exclude<Caller, "anonymous">, string> = DEMO_PEOPLE;

export const SIGNED_IN: Expected = [401, 200, 200, 200, 200, 200];
export const ADMIN_ONLY: Expected = [401, 403, 403, 403, 403, 200];
export const STAFF_AND_ADMIN: Expected = [401, 403, 403, 200, 403, 200];
export const PUBLIC: Expected = [200, 200, 200, 200, 200, 200];

/** Signs the given accounts in (the callers' by default), answering their cookies and profile ids by key. */
export const signInAll = (p: TestPortal, emails: Record<string, string> = CALLER_EMAILS) => p.signInAll(emails);

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
export async function expectMatrixRow<F>(
  p: TestPortal,
  cookies: Record<string, string>,
  fixture: () => Promise<F>,
  row: MatrixRow<F>,
) {
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
export async function expectClientErrors(
  p: TestPortal,
  cookie: string,
  cases: [method: string, path: string, json?: unknown][],
) {
  for (const [method, path, json] of cases) {
    const res = await p.request(`/rest/v1${path}`, { method, json, cookie });
    const text = await res.text();
    const where = `${method} ${path} → ${res.status} ${text.slice(0, 200)}`;
    expect(res.status, where).toBeGreaterThanOrEqual(400);
    expect(res.status, where).toBeLessThan(500);
    expect(JSON.parse(text).error.message, where).toMatch(/\w/);
  }
}
