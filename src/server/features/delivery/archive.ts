import { createHash } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Zip, ZipPassThrough } from "fflate";
import { DOCUMENT_CATEGORY_LABELS, type DocumentCategory } from "../../../common/documents.ts";
import { PHASE_LABELS } from "../../../common/projects.ts";
import { keys } from "../../../common/query-keys.ts";
import { writerOf } from "../../../common/school-writer.ts";
import type { SessionUser } from "../../auth/caller.ts";
import type { DbOrTx } from "../../db/client.ts";
import { renderPdf, type PdfSection } from "../../lib/pdf-table.ts";
import { recordAudit } from "../audit/service.ts";
import { decisionPdf } from "../budgets/index.ts";
import { readChecked } from "../documents/index.ts";
import { projectFor } from "../projects/access.ts";
import { recordActivity } from "../projects/index.ts";
import { reportPdf, REPORT_PDF_TITLES, REPORT_PDFS } from "../daily-reports/index.ts";
import { callSheetPdf } from "../schedule/index.ts";
import { getSchoolSettings } from "../school/service.ts";
import { exportPdf as screenplayPdf } from "../screenplays/index.ts";
import { ArchiveNames, safeName } from "./archive-names.ts";
import type { S } from "./checklist.ts";
import { deliveryState } from "./state.ts";

export const INDEX_NAME = "0-index.pdf";

/** One file of the archive: where it goes, what it is, its date, and how to make its bytes when its turn comes. */
interface Entry {
  folder: string;
  title: string;
  ext: string;
  what: string;
  date: Date | string;
  load: () => Promise<Uint8Array>;
}

interface Listed {
  path: string;
  what: string;
  date: Date | string;
  size: number;
  sha256: string;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// The chain of title's folders, in the order a reader goes through them.
const FOLDERS = {
  screenplay: "1-screenplay",
  release_forms: "2-releases",
  contracts: "3-contracts",
  permits: "4-permits",
  insurance: "5-certificates",
  budget: "6-budget",
  callSheets: "7-call-sheets",
  reports: "8-daily-reports",
} as const;

/**
 * What the archive holds, read first (a few small queries) so the files themselves are made one at a time while
 * the ZIP streams out: the screenplay as last revised, every signed release and contract as sealed (with its
 * signature page and audit certificate), the permits and insurance certificates (sealed when signed here, else as
 * uploaded), the approved budget's decision record, and a call sheet per shoot day.
 */
async function plan(s: S, caller: SessionUser, projectId: string): Promise<Entry[]> {
  const db = s.db;
  const [scripts, docs, budget, days, reports] = await Promise.all([
    db.execute<{
      id: string;
      title: string;
      updated_at: string;
      revision_id: string | null;
      revision_at: string | null;
    }>(sql`
      select sp.id, sp.title, sp.updated_at, r.id as revision_id, r.created_at as revision_at
      from screenplays sp
      left join lateral (select id, created_at from screenplay_revisions
                         where screenplay_id = sp.id order by number desc limit 1) r on true
      where sp.project_id = ${projectId} order by sp.title, sp.id`),
    db.execute<{
      title: string;
      category: DocumentCategory;
      storage_key: string;
      sha256: string;
      file_name: string;
      sealed: boolean;
      dated: string;
    }>(sql`
      select d.title, d.category::text as category, v.storage_key, v.sha256, v.file_name,
             sub.id is not null as sealed, coalesce(sub.completed_at, v.created_at) as dated
      from documents d
      left join lateral (select s.id, s.sealed_version_id, s.completed_at from signature_submissions s
                         where s.document_id = d.id and s.status = 'completed' and s.sealed_version_id is not null
                         order by s.completed_at desc limit 1) sub on true
      join document_versions v on v.id = coalesce(sub.sealed_version_id,
        (select lv.id from document_versions lv where lv.document_id = d.id order by lv.number desc limit 1))
      where d.project_id = ${projectId} and d.deleted_at is null
        and (d.category in ('permits', 'insurance') or (d.category in ('release_forms', 'contracts') and sub.id is not null))
      order by d.category, d.title, d.id`),
    db.execute<{ id: string; number: number; decided_at: string }>(sql`
      select id, number, decided_at from budget_proposals
      where project_id = ${projectId} and state = 'approved' order by number desc limit 1`),
    db.execute<{ id: string; date: string }>(
      sql`select id, date::text as date from shoot_days where project_id = ${projectId} order by date, id`,
    ),
    db.execute<{ day_id: string; date: string; signed_at: string | null; updated_at: string }>(sql`
      select r.shoot_day_id as day_id, d.date::text as date, r.signed_at, r.updated_at
      from daily_reports r join shoot_days d on d.id = r.shoot_day_id
      where r.project_id = ${projectId} order by d.date, d.id`),
  ]);
  const entries: Entry[] = [];
  for (const sp of scripts.rows)
    entries.push({
      folder: FOLDERS.screenplay,
      title: sp.title,
      ext: "pdf",
      what: sp.revision_id ? "Screenplay, last revision" : "Screenplay, current draft (never revised)",
      date: sp.revision_at ?? sp.updated_at,
      load: async () => (await screenplayPdf(s, { caller, id: sp.id, revisionId: sp.revision_id ?? undefined })).bytes,
    });
  for (const d of docs.rows) {
    const ext = path.extname(d.file_name).slice(1).toLowerCase() || "pdf";
    const label = DOCUMENT_CATEGORY_LABELS[d.category].replace(/s$/, "").toLowerCase();
    entries.push({
      folder: FOLDERS[d.category as keyof typeof FOLDERS],
      title: d.title,
      ext: safeName(ext),
      what: d.sealed ? `Signed ${label}, with its signature page and audit certificate` : `${label}, as uploaded`,
      date: d.dated,
      load: () => readChecked(s, { storageKey: d.storage_key, sha256: d.sha256 }),
    });
  }
  for (const b of budget.rows)
    entries.push({
      folder: FOLDERS.budget,
      title: `Approved-budget-version-${b.number}`,
      ext: "pdf",
      what: "The approved budget with its decision certificate",
      date: b.decided_at,
      load: () => decisionPdf(s, { proposalId: b.id, caller }),
    });
  days.rows.forEach((d, i) =>
    entries.push({
      folder: FOLDERS.callSheets,
      title: `Day-${String(i + 1).padStart(2, "0")}-${d.date}`,
      ext: "pdf",
      what: `Call sheet, shoot day ${i + 1}`,
      date: d.date,
      load: async () => (await callSheetPdf(s, { caller, projectId, dayId: d.id })).bytes,
    }),
  );
  // Each day's production report with the script supervisor's, camera and sound reports, as the crew filed them.
  const dayNumber = new Map(days.rows.map((d, i) => [d.id, i + 1]));
  for (const r of reports.rows) {
    const n = dayNumber.get(r.day_id) ?? 0;
    for (const kind of REPORT_PDFS)
      entries.push({
        folder: FOLDERS.reports,
        title: `Day-${String(n).padStart(2, "0")}-${r.date}-${kind}`,
        ext: "pdf",
        what: `${REPORT_PDF_TITLES[kind]}, shoot day ${n}${r.signed_at ? ", signed by the producer" : ", not signed"}`,
        date: r.signed_at ?? r.updated_at,
        load: async () => (await reportPdf(s, { caller, projectId, dayId: r.day_id, kind })).bytes,
      });
  }
  return entries;
}

async function indexPdf(
  db: DbOrTx,
  opts: {
    project: { id: string; title: string; course: string; phase: keyof typeof PHASE_LABELS };
    caller: SessionUser;
    listed: Listed[];
    missing: { path: string; why: string }[];
  },
): Promise<Uint8Array> {
  const [settings, delivery] = await Promise.all([getSchoolSettings(db), deliveryState(db, opts.project.id)]);
  const w = writerOf(settings);
  const when = (d: Date | string) => (typeof d === "string" && d.length === 10 ? w.date(d) : w.dateTime(d));
  const sections: PdfSection[] = [];
  for (const folder of Object.values(FOLDERS)) {
    const files = opts.listed.filter((f) => f.path.startsWith(`${folder}/`));
    if (files.length === 0) continue;
    sections.push({
      heading: folder,
      widths: [1, 4],
      rows: files.flatMap((f) => [
        { cells: ["File", f.path], bold: true },
        { cells: ["What", f.what] },
        { cells: ["Date", when(f.date)] },
        { cells: ["Size", `${f.size} bytes`] },
        { cells: ["SHA-256", f.sha256] },
      ]),
    });
  }
  if (opts.missing.length > 0)
    sections.push({
      heading: "Not included",
      widths: [2, 3],
      rows: opts.missing.map((m) => ({ cells: [m.path, m.why] })),
    });
  return renderPdf({
    title: `Archive: ${opts.project.title}`,
    facts: [
      ["Project", opts.project.title],
      ...(opts.project.course ? ([["Course", opts.project.course]] as [string, string][]) : []),
      ["Phase", PHASE_LABELS[opts.project.phase]],
      [
        "Delivery",
        delivery.signOff
          ? `Signed off by ${delivery.signOff.signedByName}, ${w.dateTime(delivery.signOff.signedAt)}`
          : `Not signed off yet (${delivery.items.filter((i) => i.done).length} of ${delivery.items.length} items done)`,
      ],
      ["Made", `${w.dateTime(new Date())} for ${opts.caller.name}`],
      ["Files", `${opts.listed.length}, each with its SHA-256 below; this index is not among them`],
    ],
    sections,
  });
}

/**
 * The project's chain of title as one ZIP, streamed: each file is made when the stream asks for more, passed
 * through uncompressed (PDFs are compressed already), hashed as it goes, and the index of every file with its
 * date and SHA-256 comes last. The crew, staff and admins may download it, and each download is on the record.
 */
export async function projectArchive(
  s: S,
  opts: { caller: SessionUser; projectId: string },
): Promise<{ fileName: string; stream: ReadableStream<Uint8Array> }> {
  const { project } = await projectFor(s.db, opts.caller, opts.projectId, {
    need: "edit",
    denied: "Only the project's crew, staff and admins can download its archive.",
  });
  const entries = await plan(s, opts.caller, project.id);
  await s.db.transaction(async (tx) => {
    await recordActivity(tx, {
      projectId: project.id,
      actor: opts.caller,
      kind: "archive.downloaded",
      summary: `${opts.caller.name} downloaded the archive (${entries.length} files and the index)`,
      details: { files: entries.length },
    });
    await recordAudit(tx, opts.caller, {
      action: "project.archive_downloaded",
      targetType: "project",
      targetId: project.id,
      targetLabel: project.title,
      details: { files: entries.length },
    });
  });
  await s.events.publish({
    type: "project.archived",
    invalidate: [keys.project(project.id)],
    data: { id: project.id },
  });

  const names = new ArchiveNames();
  const listed: Listed[] = [];
  const missing: { path: string; why: string }[] = [];
  let next = 0;
  let ended = false;
  let zip: Zip;
  const add = (name: string, bytes: Uint8Array, mtime: Date) => {
    const file = new ZipPassThrough(name);
    file.mtime = mtime;
    zip.add(file);
    file.push(bytes, true);
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((err, chunk, final) => {
        if (err) return controller.error(err);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      // Each pull hands the stream at least one file: a pull that enqueued nothing would not be called again.
      for (let entry = entries[next++]; entry; entry = entries[next++]) {
        const name = names.name(entry.folder, entry.title, entry.ext);
        let bytes: Uint8Array;
        try {
          bytes = await entry.load();
        } catch (err) {
          // One file that cannot be read (changed outside the portal, gone from storage) is named in the index;
          // the rest of the archive still comes.
          missing.push({ path: name, why: err instanceof Error ? err.message : "It could not be read." });
          s.log.warn({ err, projectId: project.id, name }, "archive: a file was left out");
          continue;
        }
        listed.push({ path: name, what: entry.what, date: entry.date, size: bytes.length, sha256: sha256(bytes) });
        add(name, bytes, new Date(entry.date));
        return;
      }
      if (ended) return;
      ended = true;
      add(INDEX_NAME, await indexPdf(s.db, { project, caller: opts.caller, listed, missing }), new Date());
      zip.end();
    },
    cancel() {
      zip.terminate();
    },
  });
  return { fileName: `${safeName(project.title)}-archive.zip`, stream };
}
