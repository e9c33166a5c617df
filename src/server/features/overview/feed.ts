/** Each person's secret iCal feed URL, its rotation and the calendar it serves. */
import type { IcalFeedDto } from "../../../common/overview-api.ts";
import { PHASE_LABELS, PROJECT_TYPE_LABELS } from "../../../common/projects.ts";
import type { Caller } from "../../auth/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { feedReservations } from "../equipment/index.ts";
import { feedShootDays } from "../schedule/index.ts";
import { buildCalendar, type CalendarEvent } from "./ical.ts";
import * as repo from "./repository.ts";
import { hashToken, newToken, TOKEN_PATTERN } from "../../lib/tokens.ts";
import type { S } from "./shared.ts";

// ── The personal iCal feed ───────────────────────────────────────────────────────────────────────

const TOKEN = TOKEN_PATTERN;

const feedUrl = (s: Pick<S, "config">, token: string) => `${s.config.PUBLIC_URL}/rest/v1/ical/${token}.ics`;

export async function getIcalFeed(s: Pick<S, "db">, opts: { caller: Caller }): Promise<IcalFeedDto> {
  return { active: await repo.hasIcalToken(s.db, opts.caller.id), url: null };
}

/** A new secret each time: the previous URL stops working at once, which is how a leaked one is revoked. */
export async function rotateIcalToken(s: Pick<S, "db" | "config">, opts: { caller: Caller }): Promise<IcalFeedDto> {
  const token = newToken();
  await repo.setIcalTokenHash(s.db, opts.caller.id, hashToken(token));
  return { active: true, url: feedUrl(s, token) };
}

const noFeed = () =>
  new AppError(
    "not_found",
    "There is no calendar feed at this address. Create a new feed URL on the production overview.",
  );

export async function renderIcalFeed(s: Pick<S, "db" | "config">, opts: { token: string }): Promise<string> {
  if (!TOKEN.test(opts.token)) throw noFeed();
  const owner = await repo.selectFeedOwner(s.db, hashToken(opts.token));
  if (!owner) throw noFeed();
  const shoots = await repo.selectFeedShoots(s.db, owner.id);
  const host = new URL(s.config.PUBLIC_URL).hostname;
  const events: CalendarEvent[] = shoots.map((p) => {
    const link = `${s.config.PUBLIC_URL}/project/${p.id}`;
    return {
      uid: `shoot-${p.id}@${host}`,
      stamp: p.updatedAt,
      start: p.shootStart,
      lastDay: p.shootEnd,
      summary: `Shoot: ${p.title}`,
      description: [
        `${PROJECT_TYPE_LABELS[p.type]}, ${PHASE_LABELS[p.phase].toLowerCase()}`,
        p.course ? `Course: ${p.course}` : null,
        p.supervisorName ? `Supervisor: ${p.supervisorName}` : null,
        link,
      ]
        .filter(Boolean)
        .join("\n"),
      location: p.locations.join("; "),
      url: link,
    };
  });
  for (const { day, projectTitle } of await feedShootDays(s.db, owner.id, repo.FEED_MAX_EVENTS)) {
    const link = `${s.config.PUBLIC_URL}/project/${day.projectId}?tab=schedule`;
    events.push({
      uid: `shoot-day-${day.id}@${host}`,
      stamp: day.updatedAt,
      start: day.date,
      lastDay: day.date,
      summary: `Shoot day: ${projectTitle} (call ${day.generalCall})`,
      description: [`Crew call ${day.generalCall}`, day.notes || null, link].filter(Boolean).join("\n"),
      location: [day.location, day.address].filter(Boolean).join(", "),
      url: link,
    });
  }
  events.push(...(await feedReservations(s, { userId: owner.id, host })));
  return buildCalendar({ name: `Shoots of ${owner.name}`, events });
}
