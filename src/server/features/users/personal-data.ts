import path from "node:path";
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { strToU8, zipSync, type Zippable } from "fflate";
import { NOTIFICATION_KINDS } from "../../../common/school.ts";
import { isAdmin } from "../../../common/roles.ts";
import { ERASED_NAME, erasedEmail, isErasedEmail, type ErasureDto } from "../../../common/users.ts";
import type { Services } from "../../context.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import {
  account,
  budgetExpenses,
  budgetProposals,
  callSheetRecipients,
  documentVersions,
  emails,
  invitations,
  jobs,
  notifications,
  profiles,
  session,
  signinFailure,
  user,
  verification,
} from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { storageFor } from "../../lib/storage.ts";
import { recordAudit, type Actor } from "../audit/service.ts";
import { keys } from "../../../common/query-keys.ts";

/**
 * What the portal holds about one person, and how a person who left is erased (GDPR articles 15, 17 and 20;
 * decision 2026-11-24-contacts-privacy). Both find the person's rows the same way: every column that
 * references their account, read from the database's own catalogue, so a domain added later is covered
 * without this file changing.
 */

type S = Pick<Services, "db" | "config" | "events">;

const noPerson = () => new AppError("not_found", "There is no user with that id.");

/** Secrets are never exported: a hash or token in an admin's download could open the account. */
const SECRET_COLUMN = /password|token|secret|_hash$/;

/** The columns of the database that point at an account, by table. */
async function userReferences(db: DbOrTx): Promise<Map<string, string[]>> {
  const rows = await db.execute<{ table_name: string; column_name: string }>(sql`
    select cl.relname as table_name, a.attname as column_name
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'public."user"'::regclass and n.nspname = 'public'
    order by 1, 2`);
  const out = new Map<string, string[]>();
  for (const r of rows.rows) out.set(r.table_name, [...(out.get(r.table_name) ?? []), r.column_name]);
  return out;
}

/** The text columns of a table that copy a person's name into history ("created_by_name", "actor_name", …). */
async function nameColumns(db: DbOrTx, table: string): Promise<string[]> {
  const rows = await db.execute<{ column_name: string }>(sql`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and data_type = 'text' and column_name like '%\\_name' and column_name <> 'file_name' and column_name <> 'receipt_name'
    order by 1`);
  return rows.rows.map((r) => r.column_name);
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

const withoutSecrets = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_COLUMN.test(k)));

async function personOf(db: DbOrTx, userId: string) {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(userId)) throw noPerson();
  const [person] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!person) throw noPerson();
  return person;
}

// ── Export ───────────────────────────────────────────────────────────────────────────────────────

export interface PersonalDataExport {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * One zip: `personal-data.json` (every row that references the person, by table, and the rows that name
 * their e-mail address: call sheets, invitations, approvals, mail sent to them, without message bodies)
 * and `files/`: their picture, the document versions they uploaded and the receipts of expenses they entered.
 */
export async function exportPersonalData(s: S, opts: { actor: Actor; userId: string }): Promise<PersonalDataExport> {
  const person = await personOf(s.db, opts.userId);
  const refs = await userReferences(s.db);
  const tables: Record<string, Record<string, unknown>[]> = {};
  const [account_] = await s.db
    .execute<{ row: Record<string, unknown> }>(
      sql`select row_to_json(t) as row from "user" t where t.id = ${person.id}`,
    )
    .then((r) => r.rows);
  tables.user = account_ ? [withoutSecrets(account_.row)] : [];
  for (const [table, columns] of refs) {
    const where = sql.join(
      columns.map((c) => sql`t.${ident(c)} = ${person.id}`),
      sql` or `,
    );
    const rows = await s.db.execute<{ row: Record<string, unknown> }>(
      sql`select row_to_json(t) as row from ${ident(table)} t where ${where}`,
    );
    if (rows.rows.length) tables[table] = rows.rows.map((r) => withoutSecrets(r.row));
  }
  // Rows that name the person only by address. Mail bodies stay out: they hold sign-in and reset links.
  const byEmail = {
    invitations: await s.db
      .select({
        id: invitations.id,
        email: invitations.email,
        role: invitations.role,
        createdAt: invitations.createdAt,
        acceptedAt: invitations.acceptedAt,
      })
      .from(invitations)
      .where(eq(invitations.email, person.email)),
    budget_approvals: await s.db
      .select({
        id: budgetProposals.id,
        projectId: budgetProposals.projectId,
        number: budgetProposals.number,
        state: budgetProposals.state,
        decidedAt: budgetProposals.decidedAt,
        decisionIp: budgetProposals.decisionIp,
        decisionUserAgent: budgetProposals.decisionUserAgent,
      })
      .from(budgetProposals)
      .where(eq(budgetProposals.approverEmail, person.email)),
    emails_sent_to_them: await s.db
      .select({ id: emails.id, subject: emails.subject, createdAt: emails.createdAt })
      .from(emails)
      .where(eq(emails.to, person.email)),
  };

  const files: Zippable = {};
  const listed: { path: string; from: string }[] = [];
  const store = storageFor(s.config);
  const add = async (zipPath: string, key: string) => {
    const bytes = await store.get(key);
    if (!bytes) return;
    files[zipPath] = bytes;
    listed.push({ path: zipPath, from: key });
  };
  if (person.avatarPath) await add(`files/avatar${path.extname(person.avatarPath)}`, person.avatarPath);
  const versions = await s.db.select().from(documentVersions).where(eq(documentVersions.uploadedBy, person.id));
  for (const v of versions) await add(`files/documents/${v.id}-${safeName(v.fileName)}`, v.storageKey);
  const receipts = await s.db
    .select()
    .from(budgetExpenses)
    .where(and(eq(budgetExpenses.createdBy, person.id), isNotNull(budgetExpenses.receiptKey)));
  for (const e of receipts) await add(`files/receipts/${e.id}-${safeName(e.receiptName ?? "receipt")}`, e.receiptKey!);

  const document = {
    exportedAt: new Date().toISOString(),
    exportedBy: opts.actor.name,
    person: withoutSecrets({ ...person }),
    tables,
    byEmail,
    files: listed,
  };
  const zip = zipSync({ "personal-data.json": strToU8(JSON.stringify(document, null, 2)), ...files }, { level: 6 });
  await recordAudit(s.db, opts.actor, {
    action: "user.data_exported",
    targetType: "user",
    targetId: person.id,
    targetLabel: `${person.fullName} <${person.email}>`,
    details: { tables: Object.keys(tables).length, files: listed.length },
  });
  const slug =
    person.fullName
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "person";
  return { fileName: `personal-data-${slug}.zip`, bytes: zip };
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 120) || "file";

// ── Erasure ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Erases a person who left: their name becomes "Former member" wherever history copied it, their
 * contact details, picture, notifications, pending mail and sign-in (password, sessions) are removed,
 * and the account can never sign in again. What the school must keep stays: documents they signed or
 * uploaded, budgets and decisions, with the name replaced. One transaction, with its audit entry.
 */
export async function erasePerson(s: S, opts: { actor: Actor; userId: string }): Promise<ErasureDto> {
  if (opts.userId === opts.actor.id)
    throw new AppError("conflict", "You cannot erase your own account. Ask another admin.");
  const result = await s.db.transaction(async (tx) => {
    const admins = await tx.execute<{ id: string }>(
      sql`select id from profiles where role = 'admin' and active for update`,
    );
    const person = await personOf(tx, opts.userId);
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, person.id)).for("update");
    if (isErasedEmail(person.email)) throw new AppError("conflict", "This person was already erased.");
    if (isAdmin(person.role) && person.active && admins.rows.length <= 1)
      throw new AppError("conflict", "The school needs at least one active admin: make someone else admin first.");

    const names = await replaceName(tx, person.id, person.fullName);
    const email = erasedEmail(person.id);
    await tx
      .update(callSheetRecipients)
      .set({ name: ERASED_NAME, email, confirmedIp: null, confirmedUserAgent: null })
      .where(eq(callSheetRecipients.userId, person.id));
    await tx.update(invitations).set({ email }).where(eq(invitations.email, person.email));
    await tx
      .update(budgetProposals)
      .set({ approverEmail: email })
      .where(or(eq(budgetProposals.approverUserId, person.id), eq(budgetProposals.approverEmail, person.email)));

    const ended = await tx.delete(session).where(eq(session.userId, person.id)).returning({ id: session.id });
    await tx.delete(account).where(eq(account.userId, person.id));
    await tx
      .delete(verification)
      .where(
        sql`${verification.identifier} like ${`%${person.email}%`} or ${verification.value} like ${`%${person.id}%`}`,
      );
    await tx.delete(notifications).where(eq(notifications.userId, person.id));
    await tx
      .delete(jobs)
      .where(and(inArray(jobs.status, ["pending", "dead"]), sql`${jobs.payload}->>'to' = ${person.email}`));
    await tx.delete(emails).where(eq(emails.to, person.email));
    await tx.delete(signinFailure).where(eq(signinFailure.email, person.email));

    await tx
      .update(profiles)
      .set({
        fullName: ERASED_NAME,
        email,
        phone: null,
        programme: null,
        yearOfStudy: null,
        avatarPath: null,
        icalTokenHash: null,
        active: false,
        deactivatedAt: person.deactivatedAt ?? new Date(),
        emailOptOuts: [...NOTIFICATION_KINDS],
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, person.id));
    await tx
      .update(user)
      .set({ name: ERASED_NAME, email, image: null, emailVerified: false, updatedAt: new Date() })
      .where(eq(user.id, person.id));

    const summary = { namesReplaced: names, sessionsEnded: ended.length, pictureRemoved: !!person.avatarPath };
    // The entry names nobody: writing the name down here would undo the erasure.
    await recordAudit(tx, opts.actor, {
      action: "user.erased",
      targetType: "user",
      targetId: person.id,
      targetLabel: ERASED_NAME,
      details: summary,
    });
    return { summary, avatarPath: person.avatarPath };
  });
  if (result.avatarPath) await storageFor(s.config).delete(result.avatarPath);
  await s.events.publish({
    type: "user.updated",
    invalidate: [
      keys.users(),
      keys.profile(),
      keys.projects(),
      keys.project(),
      keys.schedule(),
      keys.budget(),
      keys.documents(),
      keys.overview(),
    ],
  });
  await s.events.publish({ type: "session.ended", userIds: [opts.userId] });
  return { userId: opts.userId, ...result.summary };
}

/**
 * Replaces the person's name in every `*_name` column of the tables that reference accounts, and in the
 * project activity's sentences. A row tied to them by a reference always; a row that only copied the name
 * (who deleted a document, who uploaded a receipt) when nobody else in the school has the same name.
 */
async function replaceName(tx: Tx, userId: string, name: string): Promise<number> {
  const [{ n: namesakes } = { n: 0 }] = await tx
    .execute<{ n: number }>(sql`select count(*)::int as n from profiles where full_name = ${name} and id <> ${userId}`)
    .then((r) => r.rows);
  const unique = namesakes === 0;
  let changed = 0;
  for (const [table, columns] of await userReferences(tx)) {
    if (table === "profiles" || table === "user") continue;
    const tied = sql.join(
      columns.map((c) => sql`${ident(c)} = ${userId}`),
      sql` or `,
    );
    for (const col of await nameColumns(tx, table)) {
      const res = await tx.execute(
        sql`update ${ident(table)} set ${ident(col)} = ${ERASED_NAME} where ${ident(col)} = ${name} ${unique ? sql`` : sql`and (${tied})`}`,
      );
      changed += res.rowCount ?? 0;
    }
  }
  if (unique) {
    const res = await tx.execute(
      sql`update project_activity set summary = replace(summary, ${name}, ${ERASED_NAME}) where position(${name} in summary) > 0`,
    );
    changed += res.rowCount ?? 0;
  }
  const audit = await tx.execute(sql`update audit_log set target_label = ${ERASED_NAME} where target_id = ${userId}`);
  return changed + (audit.rowCount ?? 0);
}
