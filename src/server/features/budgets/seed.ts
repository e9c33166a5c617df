import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray } from "drizzle-orm";
import type { BudgetLineInput, BudgetUnit } from "../../../common/budget.ts";
import type { Role } from "../../../common/roles.ts";
import type { SessionUser } from "../../auth/caller.ts";
import type { Services } from "../../context.ts";
import { emails, jobs, profiles, projectMembers, projects } from "../../db/schema/index.ts";
import type { Mail } from "../../lib/mailer.ts";
import { renderPdf } from "../../lib/pdf-table.ts";
import {
  addExpense,
  decideSignedIn,
  getBudget,
  saveBudget,
  setBypass,
  submitProposal,
  uploadReceipt,
  withdrawProposal,
} from "./index.ts";

/** A student short's costs: [account, description, quantity in hundredths, units, rate in cents, notes]. */
type SeedLine = [string, string, number, BudgetUnit, number, string];

const SHORT_FILM: SeedLine[] = [
  ["1100", "Option on the short story", 100, "flat", 30_000, "One-year option, renewable"],
  ["1400", "Lead actors (2)", 400, "days", 15_000, "Equity student-film rate, per actor-day: 2 actors × 2 days"],
  ["1400", "Supporting cast", 300, "days", 8_000, ""],
  ["2100", "Camera package rental", 500, "days", 22_000, "Body, lenses, monitor; school kit discount applied"],
  ["2200", "Lighting truck", 300, "days", 18_000, ""],
  ["2300", "Sound recordist kit", 500, "days", 6_000, ""],
  ["2400", "Set dressing and props", 100, "flat", 45_000, ""],
  ["2500", "Costume hire", 100, "flat", 20_000, ""],
  ["2600", "Location fee: the flat in Eastgate", 300, "days", 12_000, "Owner's release to be signed"],
  ["2700", "Van hire", 500, "days", 7_500, ""],
  ["2800", "Catering, 14 people", 7000, "each", 1_250, "Lunch and two breaks per person-day"],
  ["3000", "Colour grade", 100, "flat", 60_000, "Grading suite, two days"],
  ["3100", "Music licence", 100, "flat", 25_000, ""],
  ["3200", "Festival submissions", 600, "each", 4_500, ""],
  ["3300", "Production insurance", 100, "flat", 35_000, "School policy top-up"],
];

const linesOf = (rows: SeedLine[], scale = 1): BudgetLineInput[] =>
  rows.map(([accountCode, description, quantity, units, rate, notes]) => ({
    id: randomUUID(),
    accountCode,
    description,
    quantity,
    units,
    rate: Math.round(rate * scale),
    notes,
  }));

const origin = { ip: "127.0.0.1", userAgent: "The Portal demo seed" };

/**
 * Budgets in every state, through the same domain functions the web uses (hashes, links and greenlight
 * ticks are real): approved with spending, pending (its approval link is in the outbox), changes requested
 * then resubmitted, rejected, withdrawn, and one approved through a staff bypass.
 */
export async function seedBudgets(s: Services) {
  const started = new Date(Date.now() - 1000);
  const titles = [
    "Small Hours",
    "Kiln",
    "What the River Keeps",
    "Nightjar",
    "Campus Safety Film",
    "The Weight of Water",
  ];
  const rows = await s.db
    .select({ id: projects.id, title: projects.title, supervisorId: projects.supervisorId })
    .from(projects)
    .where(inArray(projects.title, titles));
  const leads = await s.db
    .select({
      projectId: projectMembers.projectId,
      id: profiles.id,
      name: profiles.fullName,
      email: profiles.email,
      role: profiles.role,
    })
    .from(projectMembers)
    .innerJoin(profiles, eq(profiles.id, projectMembers.userId))
    .where(
      and(
        inArray(
          projectMembers.projectId,
          rows.map((r) => r.id),
        ),
        eq(projectMembers.isLead, true),
      ),
    );
  const people = await s.db
    .select({ id: profiles.id, name: profiles.fullName, email: profiles.email, role: profiles.role })
    .from(profiles);
  const person = (id: string | null): SessionUser | null => {
    const p = people.find((x) => x.id === id);
    return p ? { id: p.id, name: p.name, email: p.email, role: p.role as Role } : null;
  };
  const staff = people.find((p) => p.role === "staff")!;

  for (const project of rows) {
    const lead = leads.find((l) => l.projectId === project.id);
    const supervisor = person(project.supervisorId);
    if (!lead || !supervisor) continue;
    const caller: SessionUser = { id: lead.id, name: lead.name, email: lead.email, role: lead.role as Role };
    const save = async (lines: BudgetLineInput[], contingencyBps = 1000) => {
      const current = await getBudget(s, { caller, projectId: project.id });
      return saveBudget(s, {
        caller,
        projectId: project.id,
        input: { version: current.version, contingencyBps, lines },
      });
    };
    const submit = async (message = "") => {
      const current = await getBudget(s, { caller, projectId: project.id });
      return submitProposal(s, {
        caller,
        projectId: project.id,
        input: { version: current.version, approverEmail: "", message },
      });
    };
    const decide = (proposalId: string, decision: "approved" | "changes_requested" | "rejected", comment: string) =>
      decideSignedIn(s, { caller: supervisor, proposalId, input: { decision, comment }, origin });

    switch (project.title) {
      case "The Weight of Water": {
        // Version 1 goes to the supervisor, who asks for changes; the crew's second save is the budget now,
        // so the demo has two versions to compare and a line (the DoP) with a history.
        const first = await saveWeightOfWater(s, caller, project.id);
        const { proposalId } = await submit("The four ferry nights, with payroll tax and holiday pay on the crew.");
        await decide(
          proposalId,
          "changes_requested",
          "Northfield crews do not work nights for 200.00: budget the DoP at 220.00, and the harbour's mooring fee is missing.",
        );
        const current = await getBudget(s, { caller, projectId: project.id });
        await saveBudget(s, {
          caller,
          projectId: project.id,
          input: {
            ...first,
            version: current.version,
            lines: [
              ...first.lines.map((l) => (l.description === "Director of photography" ? { ...l, rate: 22_000 } : l)),
              ...linesOf([["2600", "Harbour mooring fee", 100, "flat", 12_000, "Four nights at the ferry pier"]]),
            ],
          },
        });
        break;
      }
      case "Nightjar": {
        const saved = await save(linesOf(SHORT_FILM, 0.9));
        const { proposalId } = await submit("Everything for the five shoot days, post included.");
        await decide(proposalId, "approved", "Approved. Keep the catering receipts together for the office.");
        const [camera, catering, van] = [saved.lines[3]!, saved.lines[10]!, saved.lines[9]!];
        const rental = await addExpense(s, {
          caller,
          projectId: project.id,
          input: { lineId: camera.id, description: "Camera rental invoice", amount: 99_000, spentOn: "2026-10-05" },
        });
        // A real file in storage, so the demo's receipt opens like any uploaded one.
        const receipt = await renderPdf({
          title: "Invoice 2026-1043: Northfield Camera Hire",
          facts: [
            ["Billed to", `${project.title}, ${lead.name}`],
            ["Date", "2026-10-05"],
            ["Total", "990.00 EUR, paid by card"],
          ],
          sections: [
            {
              heading: "Items",
              widths: [6, 2],
              numeric: 1,
              rows: [
                { cells: ["Item", "Amount"], bold: true },
                { cells: ["Camera package, 5 days (school discount)", "990.00"] },
              ],
            },
          ],
        });
        await uploadReceipt(s, {
          caller,
          projectId: project.id,
          expenseId: rental.expenseId,
          fileName: "northfield-invoice-1043.pdf",
          bytes: receipt,
        });
        await addExpense(s, {
          caller,
          projectId: project.id,
          input: { lineId: catering.id, description: "Catering, days 1–3", amount: 58_000, spentOn: "2026-10-07" },
        });
        await addExpense(s, {
          caller,
          projectId: project.id,
          input: { lineId: van.id, description: "Van hire and fuel", amount: 41_250, spentOn: "2026-10-08" },
        });
        break;
      }
      case "Small Hours": {
        await save(linesOf(SHORT_FILM, 1.2));
        const first = await submit("First pass, before the recce.");
        await decide(
          first.proposalId,
          "changes_requested",
          "The grade and the music licence look high for a ten-minute film; get a second quote for both.",
        );
        await save(linesOf(SHORT_FILM, 1.05), 800);
        await submit("Second quotes in for the grade and the music; contingency down to 8 %.");
        break;
      }
      case "Kiln": {
        await save(linesOf(SHORT_FILM, 2.5));
        const { proposalId } = await submit();
        await decide(
          proposalId,
          "rejected",
          "This is more than twice the course's production allowance. Rethink the shoot before resubmitting.",
        );
        break;
      }
      case "What the River Keeps": {
        await save(linesOf(SHORT_FILM.slice(3), 0.8));
        const { proposalId } = await submit();
        await withdrawProposal(s, { caller, projectId: project.id, proposalId });
        break;
      }
      case "Campus Safety Film": {
        await save(linesOf(SHORT_FILM.slice(3, 9), 0.5));
        await setBypass(s, {
          caller: { id: staff.id, name: staff.name, email: staff.email, role: "staff" },
          projectId: project.id,
          input: { bypass: true, reason: "Commissioned and paid for by the university's safety office." },
        });
        await submit();
        break;
      }
    }
  }
  await deliverToOutbox(s, started);
}

/**
 * "The Weight of Water": a saved draft with the fringes a producer sets up first (payroll tax and holiday pay on
 * the cast and crew lines) and its four shoot nights as SHOOT_DAYS, which the day lines use.
 */
async function saveWeightOfWater(s: Services, caller: SessionUser, projectId: string) {
  const tax = randomUUID();
  const holiday = randomUUID();
  const shootDays = { name: "SHOOT_DAYS", value: 400 };
  const crew = { fringeIds: [tax, holiday] };
  const onShootDays = { quantity: shootDays.value, quantityGlobal: shootDays.name };
  const lines: BudgetLineInput[] = linesOf([
    ["1100", "Option on the screenplay", 100, "flat", 25_000, ""],
    ["1300", "Director's fee", 100, "flat", 60_000, "Student rate"],
    ["1400", "Ines (lead)", 0, "days", 18_000, "Per shoot night"],
    ["1400", "Her father", 0, "days", 18_000, "Per shoot night"],
    ["2100", "Director of photography", 0, "days", 20_000, ""],
    ["2100", "Camera package (Alexa Mini)", 0, "days", 24_000, "Northfield Camera Hire"],
    ["2300", "Sound recordist", 0, "days", 14_000, ""],
    ["2600", "Ferry MS Helvetia, night charter", 0, "days", 40_000, "Harbour authority permit included"],
    ["2800", "Catering, 12 people", 0, "days", 16_800, "Night meal and breaks for the whole unit"],
  ]).map((l) => {
    if (l.units !== "days") return l;
    const labour = ["1400", "2100", "2300"].includes(l.accountCode) && !l.description.startsWith("Camera package");
    return { ...l, ...onShootDays, ...(labour ? crew : {}) };
  });
  lines[1] = { ...lines[1]!, ...crew };
  const current = await getBudget(s, { caller, projectId });
  const input = {
    version: current.version,
    contingencyBps: 1000,
    fringes: [
      { id: tax, name: "Payroll tax", kind: "percent" as const, value: 1250, cap: null },
      { id: holiday, name: "Holiday pay", kind: "percent" as const, value: 800, cap: null },
    ],
    globals: [shootDays],
    lines,
  };
  await saveBudget(s, { caller, projectId, input });
  return input;
}

/**
 * The demo's mail (to @portal.test addresses) lands in the embedded outbox at once, as if sent long ago:
 * it must never leave through a real SMTP server, and the job queue starts empty.
 */
export async function deliverToOutbox(s: Services, since: Date) {
  const queued = await s.db
    .delete(jobs)
    .where(and(eq(jobs.type, "email.send"), eq(jobs.status, "pending"), gte(jobs.createdAt, since)))
    .returning();
  if (queued.length === 0) return;
  await s.db.insert(emails).values(
    queued.map((j) => {
      const mail = j.payload as Mail;
      return {
        jobId: j.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        from: s.config.MAIL_FROM,
        transport: "outbox",
      };
    }),
  );
}
