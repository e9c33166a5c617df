import { and, eq } from "drizzle-orm";
import {
  type ArchivalCreateInput,
  type ArchivalUpdateInput,
  type InterviewCreateInput,
  type InterviewUpdateInput,
  type ParticipantCreateInput,
  type ParticipantUpdateInput,
  type ProjectDetail,
  archivalCreateInput,
  archivalUpdateInput,
  interviewCreateInput,
  interviewUpdateInput,
  participantCreateInput,
  participantUpdateInput,
} from "../../../common/project-api.ts";
import { type Caller } from "../../auth/caller.ts";
import type { Tx } from "../../db/client.ts";
import { docArchival, docInterviews, docParticipants } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/validate.ts";
import * as repo from "./repository.ts";
import { type S } from "./shared.ts";
import { change } from "./projects.ts";

// ── Documentary details ──────────────────────────────────────────────────────────────────────────

export const DOC_SECTIONS = ["participants", "interviews", "archival"] as const;
export type DocSection = (typeof DOC_SECTIONS)[number];

const DOC_NOUN: Record<DocSection, string> = {
  participants: "participant",
  interviews: "interview",
  archival: "archival item",
};

function requireDocumentary(project: repo.ProjectRow) {
  if (project.type !== "documentary")
    throw new AppError(
      "conflict",
      "Participants, interviews and archival sources belong to documentary projects; this project is not one.",
    );
}

async function participantOfProject(tx: Tx, projectId: string, participantId: string | null | undefined) {
  if (!participantId) return;
  const [row] = isUuid(participantId)
    ? await tx
        .select({ id: docParticipants.id })
        .from(docParticipants)
        .where(and(eq(docParticipants.id, participantId), eq(docParticipants.projectId, projectId)))
    : [];
  if (!row) throw new AppError("bad_request", "The interview's participant is not a participant of this project.");
}

const docMissing = (section: DocSection) =>
  new AppError("not_found", `There is no ${DOC_NOUN[section]} with this id on this project.`);

export type DocCreate =
  | { section: "participants"; input: ParticipantCreateInput }
  | { section: "interviews"; input: InterviewCreateInput }
  | { section: "archival"; input: ArchivalCreateInput };
export type DocUpdate =
  | { section: "participants"; input: ParticipantUpdateInput }
  | { section: "interviews"; input: InterviewUpdateInput }
  | { section: "archival"; input: ArchivalUpdateInput };

export async function createDocItem(
  s: S,
  opts: { caller: Caller; id: string; item: DocCreate },
): Promise<ProjectDetail> {
  return change(s, opts, async ({ tx, project }) => {
    requireDocumentary(project);
    let label: string;
    switch (opts.item.section) {
      case "participants": {
        const input = participantCreateInput.parse(opts.item.input);
        await tx.insert(docParticipants).values({ projectId: project.id, ...input });
        label = input.name;
        break;
      }
      case "interviews": {
        const input = interviewCreateInput.parse(opts.item.input);
        await participantOfProject(tx, project.id, input.participantId);
        await tx.insert(docInterviews).values({
          projectId: project.id,
          ...input,
          scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
        });
        label = input.subject;
        break;
      }
      case "archival": {
        const input = archivalCreateInput.parse(opts.item.input);
        await tx.insert(docArchival).values({ projectId: project.id, ...input });
        label = input.title;
        break;
      }
    }
    await repo.touchProject(tx, project.id);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: `documentary.${opts.item.section}.added`,
      summary: `${opts.caller.name} added the ${DOC_NOUN[opts.item.section]} “${label}”`,
    });
  });
}

export async function updateDocItem(
  s: S,
  opts: { caller: Caller; id: string; itemId: string; item: DocUpdate },
): Promise<ProjectDetail> {
  const section = opts.item.section;
  return change(s, opts, async ({ tx, project }) => {
    requireDocumentary(project);
    if (!isUuid(opts.itemId)) throw docMissing(section);
    let label: string | undefined;
    let status = "";
    switch (opts.item.section) {
      case "participants": {
        const input = participantUpdateInput.parse(opts.item.input);
        const [row] = await tx
          .update(docParticipants)
          .set(input)
          .where(and(eq(docParticipants.id, opts.itemId), eq(docParticipants.projectId, project.id)))
          .returning();
        label = row?.name;
        if (input.consentStatus) status = ` (consent: ${input.consentStatus.replace("_", " ")})`;
        break;
      }
      case "interviews": {
        const input = interviewUpdateInput.parse(opts.item.input);
        await participantOfProject(tx, project.id, input.participantId);
        const { scheduledAt, ...rest } = input;
        const [row] = await tx
          .update(docInterviews)
          .set({
            ...rest,
            ...(scheduledAt !== undefined ? { scheduledAt: scheduledAt ? new Date(scheduledAt) : null } : {}),
          })
          .where(and(eq(docInterviews.id, opts.itemId), eq(docInterviews.projectId, project.id)))
          .returning();
        label = row?.subject;
        if (input.status) status = ` (${input.status})`;
        break;
      }
      case "archival": {
        const input = archivalUpdateInput.parse(opts.item.input);
        const [row] = await tx
          .update(docArchival)
          .set(input)
          .where(and(eq(docArchival.id, opts.itemId), eq(docArchival.projectId, project.id)))
          .returning();
        label = row?.title;
        if (input.licenceStatus) status = ` (licence: ${input.licenceStatus.replace("_", " ")})`;
        break;
      }
    }
    if (label === undefined) throw docMissing(section);
    await repo.touchProject(tx, project.id);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: `documentary.${section}.changed`,
      summary: `${opts.caller.name} updated the ${DOC_NOUN[section]} “${label}”${status}`,
    });
  });
}

export async function deleteDocItem(
  s: S,
  opts: { caller: Caller; id: string; section: DocSection; itemId: string },
): Promise<ProjectDetail> {
  return change(s, opts, async ({ tx, project }) => {
    requireDocumentary(project);
    if (!isUuid(opts.itemId)) throw docMissing(opts.section);
    const table = { participants: docParticipants, interviews: docInterviews, archival: docArchival }[opts.section];
    const [row] = await tx
      .delete(table)
      .where(and(eq(table.id, opts.itemId), eq(table.projectId, project.id)))
      .returning();
    if (!row) throw docMissing(opts.section);
    const label = "name" in row ? row.name : "subject" in row ? row.subject : row.title;
    await repo.touchProject(tx, project.id);
    await repo.recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: `documentary.${opts.section}.removed`,
      summary: `${opts.caller.name} removed the ${DOC_NOUN[opts.section]} “${label}”`,
    });
  });
}
