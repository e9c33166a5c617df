import { sql } from "drizzle-orm";
import { headingParts } from "../../../common/screenplay/fountain.ts";
import type { DbOrTx } from "../../db/client.ts";

/**
 * "Location and talent releases signed": every scheduled location (the locations of the scenes on shoot
 * days) has a location release signed by everyone, and every cast member a talent release. An actor named
 * on a guardian's consent is a minor: their release counts once that consent is signed too.
 *
 * The portal keeps no age of the cast, so a minor is known only by a "Minor guardian consent" made for them.
 */
export interface ReleasesState {
  done: boolean;
  note: string;
}

const key = (s: string) => s.trim().toLocaleLowerCase();

export async function releasesState(db: DbOrTx, projectId: string): Promise<ReleasesState> {
  const [strips, cast, releases] = await Promise.all([
    db.execute<{ heading: string }>(
      sql`select heading from schedule_strips where project_id = ${projectId} order by shoot_day_id, position`,
    ),
    db.execute<{ actor: string }>(
      sql`select actor_name as actor from cast_members where project_id = ${projectId} and actor_name <> '' order by character`,
    ),
    db.execute<{ template: string; release_for: string; signed: boolean }>(sql`
      select d.template, d.release_for,
             exists (select 1 from signature_submissions s where s.document_id = d.id and s.status = 'completed') as signed
      from documents d
      where d.project_id = ${projectId} and d.deleted_at is null and d.release_for is not null
        and d.template in ('location_release', 'talent_release', 'minor_consent')`),
  ]);
  const locations = [...new Set(strips.rows.map((r) => headingParts(r.heading).location.trim()).filter(Boolean))];
  const actors = [...new Set(cast.rows.map((r) => r.actor.trim()))];
  const has = (template: string, name: string, signed: boolean) =>
    releases.rows.some((r) => r.template === template && key(r.release_for) === key(name) && (!signed || r.signed));

  if (locations.length === 0 && actors.length === 0)
    return { done: false, note: "Nothing to check yet: no scenes are scheduled and no cast is listed." };
  const noLocation = locations.filter((l) => !has("location_release", l, true));
  const noTalent = actors.filter((a) => !has("talent_release", a, true));
  const noGuardian = actors.filter((a) => has("minor_consent", a, false) && !has("minor_consent", a, true));
  const missing = [
    noLocation.length ? `location release for ${noLocation.join(", ")}` : "",
    noTalent.length ? `talent release for ${noTalent.join(", ")}` : "",
    noGuardian.length ? `guardian's consent for ${noGuardian.join(", ")}` : "",
  ].filter(Boolean);
  if (missing.length > 0) return { done: false, note: `Missing: ${missing.join("; ")}` };
  return {
    done: true,
    note: `Signed for ${plural(locations.length, "scheduled location")} and ${plural(actors.length, "cast member")}.`,
  };
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
