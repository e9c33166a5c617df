/** The characters of a shoot day and the actors who play them: whom its call sheet lists and is sent to. */
import type { ShootDayDto } from "../../../common/schedule.ts";
import type { CastRow } from "./board.ts";

/** The day's characters by cast ID (a character without one after, by name), with who plays them and their call. */
export function castOnDay(day: ShootDayDto, castRows: Map<string, CastRow>, ids: Record<string, number> = {}) {
  return [...new Set(day.strips.flatMap((st) => st.cast))]
    .sort((a, b) => (ids[a] ?? Infinity) - (ids[b] ?? Infinity) || a.localeCompare(b))
    .map((name) => ({
      name,
      castId: ids[name] ?? null,
      actor: castRows.get(name),
      call: day.castCalls[name] ?? day.generalCall,
    }));
}

/**
 * The actors of the day who gave an e-mail address, who are sent the sheet like the crew: one per address,
 * with the earliest call of the characters they play that day.
 */
export function actorsByEmail(castOfDay: ReturnType<typeof castOnDay>) {
  const byEmail = new Map<string, { name: string; email: string; call: string }>();
  for (const c of castOfDay) {
    if (!c.actor?.email) continue;
    const seen = byEmail.get(c.actor.email);
    if (!seen || c.call < seen.call)
      byEmail.set(c.actor.email, { name: c.actor.actorName, email: c.actor.email, call: c.call });
  }
  return byEmail;
}

/** For each actor's e-mail address: the numbers of the day's scenes they play in. */
export function scenesOfActor(day: ShootDayDto, castOfDay: ReturnType<typeof castOnDay>) {
  const out = new Map<string, string[]>();
  for (const c of castOfDay) {
    if (!c.actor?.email) continue;
    const mine = out.get(c.actor.email) ?? [];
    for (const st of day.strips) if (st.cast.includes(c.name) && !mine.includes(st.number)) mine.push(st.number);
    out.set(c.actor.email, mine);
  }
  for (const [email, numbers] of out)
    out.set(
      email,
      day.strips.map((st) => st.number).filter((n) => numbers.includes(n)),
    );
  return out;
}
