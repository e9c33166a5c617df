/** Fixtures more than one feature's tests build the same way, made through the API as a person would. */
import { expect } from "vitest";
import type { ScheduleDto } from "../../common/schedule.ts";
import type { TestPortal } from "./harness.ts";

export const FIXTURE_YEAR = "2032/33";

export interface ShootDayFixture {
  title: string;
  projectId: string;
  screenplayId: string;
  dayId: string;
  /** The schedule as the last call answered it (after the board's save when `scenes` were given). */
  schedule: ScheduleDto;
}

/**
 * A production with a shoot day: the member creates it (and so produces it), Jun joins on sound, the staff
 * member (`ids.staff`) supervises, the script becomes its screenplay, and one shoot day is planned with the given
 * call sheet fields; `scenes` (their numbers) are put on that day.
 */
export async function projectWithShootDay(
  p: TestPortal,
  ids: Record<string, string>,
  opts: { prefix: string; script: string; day: Record<string, string>; scenes?: string[] },
): Promise<ShootDayFixture> {
  const title = `${opts.prefix} ${Math.random().toString(36).slice(2, 8)}`;
  const project = await p
    .as("member")
    .post("/projects", { title, type: "fiction", academicYear: FIXTURE_YEAR, supervisorId: ids.staff });
  expect(project.status).toBe(201);
  const projectId = project.body.id as string;
  expect(
    (await p.as("member").post(`/projects/${projectId}/members`, { userId: ids.jun, roles: ["sound"] })).status,
  ).toBe(201);
  const sp = await p.as("member").post("/screenplays", { title, projectId, body: opts.script });
  expect(sp.status).toBe(201);
  const made = await p.as("member").post(`/projects/${projectId}/schedule/days`, opts.day);
  expect(made.status).toBe(201);
  let schedule = made.body as ScheduleDto;
  const dayId = schedule.days[0]!.id;
  if (opts.scenes) {
    const board = await p.as("member").put(`/projects/${projectId}/schedule/board`, {
      version: schedule.version,
      days: [{ id: dayId, scenes: opts.scenes }],
    });
    expect(board.status).toBe(200);
    schedule = board.body as ScheduleDto;
  }
  return { title, projectId, screenplayId: sp.body.id as string, dayId, schedule };
}

/** A new project made by `who` through the API (who thereby joins its crew in `myRoles`); its id. */
export async function newProject(p: TestPortal, who: string, body: Record<string, unknown>): Promise<string> {
  const created = await p.as(who).post("/projects", { type: "fiction", ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

/** A production the member leads and a category for the gear a desk test makes. */
export async function gearFixture(p: TestPortal, opts: { title: string; category: string }) {
  const projectId = await newProject(p, "member", {
    title: opts.title,
    academicYear: FIXTURE_YEAR,
    myRoles: ["director"],
  });
  const category = await p.as("equipment").post("/equipment/categories", { name: opts.category });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  return { projectId, categoryId: category.body.id as string };
}

/** The member's reservation of the items, `from` to `to` hours from now; the office approves it when asked to. */
export async function reserveGear(
  p: TestPortal,
  opts: { projectId: string; itemIds: string[]; from: number; to: number; approve?: boolean },
) {
  const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  const r = await p.as("member").post("/equipment/reservations", {
    projectId: opts.projectId,
    startsAt: hours(opts.from),
    endsAt: hours(opts.to),
    itemIds: opts.itemIds,
    kitIds: [],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  if (opts.approve)
    expect((await p.as("equipment").post(`/equipment/reservations/${r.body.id}/approve`)).status).toBe(200);
  return r.body.id as string;
}
