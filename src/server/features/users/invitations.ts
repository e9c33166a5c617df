import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Role } from "../../../common/roles.ts";
import { INVITATION_DAYS, type InvitationDto, type InvitationState, type Page } from "../../../common/users.ts";
import type { Auth } from "../../auth/auth.ts";
import type { Services } from "../../context.ts";
import { invitations, profiles, user } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import { recordAudit, type Actor } from "../audit/service.ts";
import { invitationMail } from "../../mail/invitation.ts";
import { queueEmail } from "../../mail/queue.ts";
import { provisionAccount } from "./accounts.ts";
import { keys } from "../../../common/query-keys.ts";

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(24).toString("base64url");
const expiry = () => new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000);

function stateOf(i: typeof invitations.$inferSelect): InvitationState {
  if (i.acceptedAt) return "accepted";
  if (i.revokedAt) return "revoked";
  if (i.expiresAt.getTime() < Date.now()) return "expired";
  return "pending";
}

async function sendInvitation(s: Services, opts: { email: string; role: Role; token: string; invitedBy: string }) {
  const url = `${s.config.PUBLIC_URL}/accept-invitation?token=${encodeURIComponent(opts.token)}`;
  await queueEmail(s, {
    to: opts.email,
    ...invitationMail({ invitedBy: opts.invitedBy, role: opts.role, url, expiresInDays: INVITATION_DAYS }),
  });
}

export async function listInvitations(
  s: Pick<Services, "db">,
  opts: { limit: number; offset: number },
): Promise<Page<InvitationDto>> {
  const rows = await s.db
    .select({ inv: invitations, invitedByName: profiles.fullName })
    .from(invitations)
    .leftJoin(profiles, eq(profiles.id, invitations.invitedBy))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await s.db.select({ n: count() }).from(invitations);
  return {
    total: total?.n ?? 0,
    items: rows.map(({ inv, invitedByName }) => ({
      id: inv.id,
      email: inv.email,
      role: inv.role,
      state: stateOf(inv),
      invitedByName,
      sentCount: inv.sentCount,
      expiresAt: inv.expiresAt.toISOString(),
      createdAt: inv.createdAt.toISOString(),
    })),
  };
}

export async function createInvitation(s: Services, opts: { actor: Actor; email: string; role: Role }) {
  const [existingUser] = await s.db.select({ id: user.id }).from(user).where(eq(user.email, opts.email));
  if (existingUser) throw new AppError("conflict", "There is already an account with this e-mail address.");
  const token = newToken();
  const id = await s.db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.email, opts.email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          sql`${invitations.expiresAt} > now()`,
        ),
      );
    if (pending)
      throw new AppError("conflict", "An invitation to this e-mail address is still pending: resend it instead.");
    const [row] = await tx
      .insert(invitations)
      .values({
        email: opts.email,
        role: opts.role,
        tokenHash: hash(token),
        invitedBy: opts.actor.id,
        expiresAt: expiry(),
      })
      .returning({ id: invitations.id });
    await recordAudit(tx, opts.actor, {
      action: "invitation.created",
      targetType: "invitation",
      targetId: row!.id,
      targetLabel: opts.email,
      details: { role: opts.role },
    });
    return row!.id;
  });
  await sendInvitation(s, { email: opts.email, role: opts.role, token, invitedBy: opts.actor.name });
  await s.events.publish({ type: "invitation.updated", invalidate: [keys.invitations(), keys.auditLog()] });
  return { id };
}

/** A new link each time: the old one stops working, and the expiry starts again. */
export async function resendInvitation(s: Services, opts: { actor: Actor; id: string }) {
  const token = newToken();
  const inv = await s.db.transaction(async (tx) => {
    const [row] = isUuid(opts.id)
      ? await tx.select().from(invitations).where(eq(invitations.id, opts.id)).for("update")
      : [];
    if (!row) throw new AppError("not_found", "There is no such invitation.");
    if (row.acceptedAt) throw new AppError("conflict", "This invitation has already been accepted.");
    if (row.revokedAt) throw new AppError("conflict", "This invitation was revoked; send a new one.");
    await tx
      .update(invitations)
      .set({ tokenHash: hash(token), expiresAt: expiry(), sentCount: row.sentCount + 1, updatedAt: new Date() })
      .where(eq(invitations.id, row.id));
    await recordAudit(tx, opts.actor, {
      action: "invitation.resent",
      targetType: "invitation",
      targetId: row.id,
      targetLabel: row.email,
    });
    return row;
  });
  await sendInvitation(s, { email: inv.email, role: inv.role, token, invitedBy: opts.actor.name });
  await s.events.publish({ type: "invitation.updated", invalidate: [keys.invitations(), keys.auditLog()] });
}

export async function revokeInvitation(s: Services, opts: { actor: Actor; id: string }) {
  await s.db.transaction(async (tx) => {
    const [row] = isUuid(opts.id)
      ? await tx.select().from(invitations).where(eq(invitations.id, opts.id)).for("update")
      : [];
    if (!row) throw new AppError("not_found", "There is no such invitation.");
    if (row.acceptedAt) throw new AppError("conflict", "This invitation has already been accepted.");
    if (row.revokedAt) return;
    await tx
      .update(invitations)
      .set({ revokedAt: new Date(), updatedAt: new Date() })
      .where(eq(invitations.id, row.id));
    await recordAudit(tx, opts.actor, {
      action: "invitation.revoked",
      targetType: "invitation",
      targetId: row.id,
      targetLabel: row.email,
    });
  });
  await s.events.publish({ type: "invitation.updated", invalidate: [keys.invitations(), keys.auditLog()] });
}

const INVALID_LINK = "This invitation link is not valid. Ask the school's administrator for a new one.";

async function findByToken(s: Pick<Services, "db">, token: string) {
  const [row] = await s.db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hash(token)));
  if (!row) throw new AppError("not_found", INVALID_LINK);
  const state = stateOf(row);
  if (state === "accepted")
    throw new AppError("conflict", "This invitation has already been used. Sign in with your e-mail and password.");
  if (state === "revoked") throw new AppError("conflict", INVALID_LINK);
  if (state === "expired")
    throw new AppError("conflict", "This invitation has expired. Ask the school's administrator to send it again.");
  return row;
}

export async function lookupInvitation(s: Pick<Services, "db">, token: string) {
  const row = await findByToken(s, token);
  return { email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() };
}

/** Creates the account the invitation names and signs the person in; answers better-auth's sign-in response (with its cookie). */
export async function acceptInvitation(
  s: Services,
  auth: Auth,
  opts: { token: string; fullName: string; password: string },
): Promise<Response> {
  const inv = await findByToken(s, opts.token);
  // Claim first, so two clicks on the same link cannot make two accounts.
  const claimed = await s.db
    .update(invitations)
    .set({ acceptedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(invitations.id, inv.id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  if (claimed.length === 0)
    throw new AppError("conflict", "This invitation has already been used. Sign in with your e-mail and password.");
  let userId: string;
  try {
    ({ id: userId } = await provisionAccount(s, auth, {
      email: inv.email,
      name: opts.fullName,
      password: opts.password,
      role: inv.role,
    }));
  } catch (err) {
    await s.db.update(invitations).set({ acceptedAt: null }).where(eq(invitations.id, inv.id));
    throw err;
  }
  await recordAudit(
    s.db,
    { id: userId, name: opts.fullName },
    {
      action: "invitation.accepted",
      targetType: "invitation",
      targetId: inv.id,
      targetLabel: inv.email,
      details: { role: inv.role },
    },
  );
  await s.events.publish({
    type: "invitation.updated",
    invalidate: [keys.invitations(), keys.users(), keys.auditLog()],
  });
  return auth.api.signInEmail({ body: { email: inv.email, password: opts.password }, asResponse: true });
}
