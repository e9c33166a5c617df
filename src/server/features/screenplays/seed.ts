import { inArray } from "drizzle-orm";
import { revisionColour } from "../../../common/screenplay-api.ts";
import { parseFountain } from "../../../common/screenplay/fountain.ts";
import { layoutScript } from "../../../common/screenplay/layout.ts";
import { stampSceneNumbers } from "../../../common/screenplay/numbering.ts";
import type { Services } from "../../context.ts";
import type { BreakdownCategory, SafetyKind } from "../../../common/screenplay/breakdown.ts";
import { scenesOf, safetyItemLabel, suggestSafetyFlags } from "../../../common/screenplay/breakdown.ts";
import {
  breakdownElements,
  profiles,
  projects,
  safetyFlags,
  screenplayNotes,
  screenplayRevisions,
  screenplays,
} from "../../db/schema/index.ts";
import { addProjectGreenlightItem } from "../projects/greenlight.ts";
import { safetyItemKey } from "./breakdown.ts";

const WEIGHT_OF_WATER_V1 = `Title: The Weight of Water
Credit: Written by
Author: Amara Diallo
Draft date: First draft

INT. FERRY WHEELHOUSE - NIGHT

Rain ticks on the glass. Instruments glow green. INES (17) wipes the windscreen with her sleeve while her father, PAUL (50s), sleeps in the pilot's chair, an empty bottle rolling at his feet.

INES
Dad. Dad, the crossing's at six.

PAUL
(not opening his eyes)
I know when the crossing is.

Ines picks up the bottle. Holds it like evidence.

EXT. FERRY TERMINAL - NIGHT

A tourist FAMILY of four drags suitcases through puddles toward the ticket machine. The YOUNGEST (6) points at the dark ferry.

YOUNGEST
Is that our boat?

MOTHER
That's our boat.

INT. HARBOUR FLAT - KITCHEN - NIGHT

Ines at the table, phone in hand. The harbour police number on the screen. Her thumb hovers.

She puts the phone face down.

CUT TO:

EXT. FERRY DECK - DAWN

Mist on the lake. Paul, upright now, coils a rope with practised hands. Ines watches him from the stairs.

PAUL
You didn't sleep.

INES
Neither did you.
`;

const WEIGHT_OF_WATER_V2 = WEIGHT_OF_WATER_V1.replace("Draft date: First draft", "Draft date: Blue revision")
  .replace(
    "She puts the phone face down.",
    `She puts the phone face down. Turns it over again. Dials.

OPERATOR (V.O.)
Harbour police.

INES
(barely)
I want to report a pilot.`,
  )
  .replace(
    "INES\nNeither did you.\n",
    `INES
Neither did you.

PAUL
They called me, Ines.

INES ^
I know.

A long horn from the terminal. The family is boarding.

FADE OUT.
`,
  );

const SMALL_HOURS_V1 = `Title: Small Hours
Credit: Written by
Author: Lena Fischer

INT. OFFICE TOWER - 14TH FLOOR - NIGHT

Fluorescent hum. Rows of empty desks. MARTA (60s) pushes a cleaning trolley; KOFI (30s) empties bins on the other side of the floor. They do not look at each other.

Marta lifts a keyboard, wipes beneath it, finds an ENVELOPE addressed in careful handwriting: "Mr. H. Lindqvist, 14th floor."

She looks across at Kofi.

MARTA
Is this yours?

KOFI
(too quickly)
No.

INT. OFFICE TOWER - LIFT - NIGHT

Kofi alone in the lift. He takes an identical envelope from his jacket. Reads the name. Puts it back.

EXT. BUS STOP - NIGHT

The N7 pulls in. Marta and Kofi stand a careful metre apart.

MARTA
He gave me this job. Twenty-two years ago.

KOFI
He gave me a second chance.

They get on the bus. They sit together.
`;

const SMALL_HOURS_V2 = SMALL_HOURS_V1.replace(
  "She looks across at Kofi.",
  "She looks across at Kofi. He is cutting the tape of a box with a knife, and stops.",
).replace(
  "They get on the bus. They sit together.",
  "They get on the bus. After a moment, Kofi sits beside her.\n\nINT. NIGHT BUS N7 - NIGHT\n\nStreetlights slide across their faces. Marta opens her envelope and hands him the letter.\n\nMARTA\nRead mine. Then I'll read yours.\n",
);

const BUS_STORY = `Title: Last Stop
Credit: Written by
Author: Lena Fischer
Draft date: Notes to self

= A personal draft: a driver on her final shift.

INT. CITY BUS - NIGHT

RUTH (64) drives her last route. The bus is empty but for a BOY (10) asleep against the window.

RUTH
(into the radio)
Depot, I've got a sleeper.

DISPATCHER (V.O.)
Wake him at the terminus, Ruth.

EXT. TERMINUS - NIGHT

The bus hisses to a stop. Ruth walks the aisle, hesitates by the boy, and sits down across from him instead.
`;

interface SeedScript {
  title: string;
  owner: string;
  project?: string;
  /** Revisions in order; the last body is also the current draft unless `current` is given. */
  revisions: [name: string, body: string, by: string][];
  current?: string;
  lock?: boolean;
  notes?: [by: string, lineContains: string, body: string, resolved: boolean][];
  /** Breakdown elements by locked scene number, tagged by the owner. */
  elements?: [scene: string, category: BreakdownCategory, name: string][];
  /** Decisions on safety flags the text suggests. */
  flags?: [scene: string, kind: SafetyKind, decision: "confirmed" | "dismissed", by: string][];
}

const SCRIPTS: SeedScript[] = [
  {
    title: "The Weight of Water",
    owner: "amara.diallo@portal.test",
    project: "The Weight of Water",
    revisions: [
      ["First draft for supervisor", WEIGHT_OF_WATER_V1, "amara.diallo@portal.test"],
      ["Blue pages after table read", WEIGHT_OF_WATER_V2, "amara.diallo@portal.test"],
    ],
    lock: true,
    notes: [
      [
        "staff@portal.test",
        "She puts the phone face down.",
        "Does she make the call on screen, or do we learn it later? Decide before the shoot.",
        true,
      ],
      [
        "jun.park@portal.test",
        "Mist on the lake.",
        "Dawn mist depends on the weather: plan a covering set-up inside the wheelhouse.",
        false,
      ],
    ],
    elements: [
      ["1", "cast", "INES"],
      ["1", "cast", "PAUL"],
      ["1", "props", "Empty bottle"],
      ["1", "sound", "Rain on the glass"],
      ["1", "locations", "Ferry wheelhouse"],
      ["1", "vehicles", "Ferry"],
      ["2", "extras", "Tourist family of four"],
      ["2", "props", "Suitcases"],
      ["2", "vehicles", "Ferry"],
      ["2", "sfx", "Rain"],
      ["3", "cast", "INES"],
      ["3", "props", "Phone"],
      ["4", "cast", "INES"],
      ["4", "cast", "PAUL"],
      ["4", "props", "Rope"],
      ["4", "vehicles", "Ferry"],
      ["4", "sfx", "Mist"],
      ["4", "sound", "Ferry horn"],
    ],
    flags: [
      ["4", "water", "confirmed", "staff@portal.test"],
      ["3", "water", "dismissed", "amara.diallo@portal.test"],
    ],
  },
  {
    title: "Small Hours",
    owner: "student@portal.test",
    project: "Small Hours",
    revisions: [["Draft one", SMALL_HOURS_V1, "student@portal.test"]],
    current: SMALL_HOURS_V2,
    lock: true,
    elements: [
      ["1", "cast", "MARTA"],
      ["1", "props", "Cleaning trolley"],
      ["1", "props", "Envelope"],
      ["2", "props", "Envelope"],
      ["3", "vehicles", "N7 night bus"],
    ],
    flags: [["1", "weapons", "confirmed", "staff@portal.test"]],
    notes: [
      [
        "staff@portal.test",
        "They get on the bus.",
        "The ending feels rushed: give them one more beat together.",
        false,
      ],
    ],
  },
  { title: "Last Stop", owner: "student@portal.test", revisions: [], current: BUS_STORY },
];

const pagesOf = (body: string, locked: string[] | null) => layoutScript(parseFountain(body), { locked }).pages.length;

/** The demo's screenplays: project scripts with coloured revisions and supervisor notes, and a personal draft. */
export async function seedScreenplays(s: Pick<Services, "db">): Promise<number> {
  const people = await s.db.select({ id: profiles.id, email: profiles.email, name: profiles.fullName }).from(profiles);
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const titles = SCRIPTS.flatMap((x) => (x.project ? [x.project] : []));
  const projectRows = titles.length
    ? await s.db
        .select({ id: projects.id, title: projects.title })
        .from(projects)
        .where(inArray(projects.title, titles))
    : [];
  const projectId = new Map(projectRows.map((p) => [p.title, p.id]));
  let made = 0;
  for (const script of SCRIPTS) {
    const owner = byEmail.get(script.owner);
    if (!owner) continue;
    let body = script.current ?? script.revisions.at(-1)?.[1] ?? "";
    let locked: string[] | null = null;
    if (script.lock) {
      const stamped = stampSceneNumbers(body, parseFountain(body), null);
      body = stamped.text;
      locked = stamped.numbers;
    }
    const [row] = await s.db
      .insert(screenplays)
      .values({
        title: script.title,
        projectId: script.project ? (projectId.get(script.project) ?? null) : null,
        ownerId: owner.id,
        updatedBy: owner.id,
        body,
        lockedScenes: locked,
        pages: pagesOf(body, locked),
      })
      .returning({ id: screenplays.id });
    const id = row!.id;
    for (const [i, [name, revBody, by]] of script.revisions.entries()) {
      const author = byEmail.get(by) ?? owner;
      const last = i === script.revisions.length - 1 && !script.current;
      await s.db.insert(screenplayRevisions).values({
        screenplayId: id,
        number: i + 1,
        name,
        colour: revisionColour(i),
        body: last ? body : revBody,
        lockedScenes: last ? locked : null,
        createdBy: author.id,
        createdByName: author.name,
        createdAt: new Date(Date.now() - (script.revisions.length - i) * 6 * 86_400_000),
      });
    }
    const lines = body.split("\n");
    const layout = layoutScript(parseFountain(body), { locked });
    for (const [by, contains, note, resolved] of script.notes ?? []) {
      const author = byEmail.get(by);
      const line = lines.findIndex((l) => l.includes(contains));
      if (!author || line < 0) continue;
      const scene = [...layout.scenes].reverse().find((sc) => sc.line !== null && sc.line <= line);
      await s.db.insert(screenplayNotes).values({
        screenplayId: id,
        line,
        quote: lines[line]!,
        sceneNumber: scene?.number ?? null,
        body: note,
        authorId: author.id,
        authorName: author.name,
        resolved,
        resolvedByName: resolved ? owner.name : null,
        resolvedAt: resolved ? new Date() : null,
      });
    }
    await seedBreakdown(s, {
      id,
      projectId: script.project ? (projectId.get(script.project) ?? null) : null,
      body,
      locked,
      owner,
      byEmail,
      script,
    });
    made++;
  }
  return made;
}

type Person = { id: string; name: string };

/** The demo's breakdowns: tagged elements, and decided safety flags (a confirmed one puts its plan on the greenlight checklist). */
async function seedBreakdown(
  s: Pick<Services, "db">,
  o: {
    id: string;
    projectId: string | null;
    body: string;
    locked: string[] | null;
    owner: Person;
    byEmail: Map<string, Person>;
    script: SeedScript;
  },
) {
  if (o.script.elements?.length) {
    await s.db.insert(breakdownElements).values(
      o.script.elements.map(([sceneNumber, category, name]) => ({
        screenplayId: o.id,
        sceneNumber,
        category,
        name,
        createdBy: o.owner.id,
        createdByName: o.owner.name,
      })),
    );
  }
  const suggested = suggestSafetyFlags(scenesOf(parseFountain(o.body), o.locked));
  for (const [sceneNumber, kind, status, by] of o.script.flags ?? []) {
    const hit = suggested.find((f) => f.sceneNumber === sceneNumber && f.kind === kind);
    const person = o.byEmail.get(by) ?? o.owner;
    if (!hit)
      throw new Error(`The demo script “${o.script.title}” does not suggest a ${kind} flag in scene ${sceneNumber}.`);
    await s.db.insert(safetyFlags).values({
      screenplayId: o.id,
      sceneNumber,
      kind,
      status,
      evidence: hit.evidence,
      decidedBy: person.id,
      decidedByName: person.name,
    });
    if (status === "confirmed" && o.projectId) {
      await addProjectGreenlightItem(s.db, {
        projectId: o.projectId,
        key: safetyItemKey(o.id, sceneNumber, kind),
        label: safetyItemLabel(kind, sceneNumber),
        tickedBy: "staff",
      });
    }
  }
}
