import { and, eq } from "drizzle-orm";
import { mapUrl, type CallSheetConfirmationDto } from "../../../common/schedule.ts";
import { formatPages } from "../../../common/eighths.ts";
import type { DbOrTx } from "../../db/client.ts";
import { callSheetRecipients, projects, shootDays } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { hashToken, TOKEN_PATTERN } from "../../lib/tokens.ts";
import { isUuid } from "../../lib/validate.ts";
import { type S } from "./shared.ts";
import { assemble, boardRow, chosen, projectScreenplays, publishChanged } from "./scenes.ts";
import { castOf } from "./board.ts";
import { siteOf } from "../locations/index.ts";
import { contactsOf, crewOf } from "./call-sheets.ts";
import { actorsByEmail, castOnDay, scenesOfActor } from "./day-cast.ts";

// ── The e-mailed confirmation link (no sign-in, DESIGN §5) ───────────────────────────────────────

const invalidLink = () =>
  new AppError("not_found", "This confirmation link is not valid. Use the link of the latest call sheet e-mail.");

async function byToken(db: DbOrTx, recipientId: string, token: string) {
  if (!isUuid(recipientId) || !TOKEN_PATTERN.test(token)) throw invalidLink();
  const [row] = await db
    .select({ recipient: callSheetRecipients, day: shootDays, projectTitle: projects.title })
    .from(callSheetRecipients)
    .innerJoin(shootDays, eq(shootDays.id, callSheetRecipients.shootDayId))
    .innerJoin(projects, eq(projects.id, shootDays.projectId))
    .where(and(eq(callSheetRecipients.id, recipientId), eq(callSheetRecipients.tokenHash, hashToken(token))));
  if (!row) throw invalidLink();
  if (row.recipient.expiresAt.getTime() < Date.now())
    throw new AppError("not_found", "This confirmation link has expired: the shoot day is over.");
  return row;
}

async function confirmationView(
  db: DbOrTx,
  row: Awaited<ReturnType<typeof byToken>>,
): Promise<CallSheetConfirmationDto> {
  const [board, list, castRows] = await Promise.all([
    boardRow(db, row.day.projectId),
    projectScreenplays(db, row.day.projectId),
    castOf(db, row.day.projectId),
  ]);
  const { days } = await assemble(db, row.day.projectId, chosen(list, board?.board.screenplayId));
  const day = days.find((d) => d.id === row.day.id)!;
  const { userId, email } = row.recipient;
  const castOfDay = castOnDay(day, castRows);
  const yours = new Set(userId ? [] : (scenesOfActor(day, castOfDay).get(email) ?? []));
  const crew = await crewOf(db, row.day.projectId);
  return {
    name: row.recipient.name,
    projectTitle: row.projectTitle,
    date: day.date,
    dayNumber: day.number,
    generalCall: day.generalCall,
    personalCall: (userId ? day.crewCalls[userId] : actorsByEmail(castOfDay).get(email)?.call) || day.generalCall,
    location: day.location,
    address: day.address,
    mapUrl: day.address.trim() ? mapUrl(day.address) : null,
    weather: day.weather,
    hospital: day.hospital,
    site: await siteOf(db, day.locationId),
    contacts: contactsOf(crew),
    scenes: day.strips.map((st) => ({
      number: st.number,
      heading: st.heading,
      pages: formatPages(st.eighths),
      yours: yours.has(st.number),
    })),
    notes: day.notes,
    confirmedAt: row.recipient.confirmedAt?.toISOString() ?? null,
  };
}

export async function openConfirmation(
  s: Pick<S, "db">,
  opts: { recipientId: string; token: string },
): Promise<CallSheetConfirmationDto> {
  return confirmationView(s.db, await byToken(s.db, opts.recipientId, opts.token));
}

/** Confirming twice keeps the first time; the address and browser are recorded (DESIGN §5). */
export async function confirmByToken(
  s: S,
  opts: { recipientId: string; token: string; client: { ip: string; userAgent: string } },
): Promise<CallSheetConfirmationDto> {
  const row = await byToken(s.db, opts.recipientId, opts.token);
  if (!row.recipient.confirmedAt) {
    await s.db
      .update(callSheetRecipients)
      .set({ confirmedAt: new Date(), confirmedIp: opts.client.ip, confirmedUserAgent: opts.client.userAgent })
      .where(eq(callSheetRecipients.id, row.recipient.id));
    await publishChanged(s, row.day.projectId);
  }
  return confirmationView(s.db, await byToken(s.db, opts.recipientId, opts.token));
}
