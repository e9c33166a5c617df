import { and, eq, inArray } from "drizzle-orm";
import type { Condition, ReservationState } from "../../../common/equipment-states.ts";
import type { Services } from "../../context.ts";
import { seedAccessLevels } from "./seed-access.ts";
import { seedSignedReceipts } from "./seed-receipts.ts";
import { DAY_MS } from "../../../common/time.ts";
import {
  certifications,
  equipmentCategories,
  equipmentItems,
  equipmentKits,
  kitItems,
  maintenanceLog,
  profiles,
  projectMembers,
  projects,
  reservationItems,
  reservations,
  userCertifications,
} from "../../db/schema/index.ts";

type Line = [name: string, brand: string, model: string, valueEur: number, count: number, cert?: string];

/** A film school's stores, by category: [asset-tag prefix, shelf, product lines]. */
const INVENTORY: Record<string, [prefix: string, shelf: string, lines: Line[]]> = {
  Cameras: [
    "CAM",
    "Cage A",
    [
      ["ARRI Alexa Mini LF", "ARRI", "Alexa Mini LF", 65_000, 2, "Cinema camera"],
      ["RED Komodo 6K", "RED", "Komodo 6K", 6_000, 3, "Cinema camera"],
      ["Sony FX6", "Sony", "ILME-FX6V", 6_200, 4],
      ["Sony FX3", "Sony", "ILME-FX3", 3_800, 4],
      ["Canon EOS C70", "Canon", "EOS C70", 5_500, 3],
      ["Blackmagic Pocket 6K Pro", "Blackmagic Design", "BMPCC 6K Pro", 2_300, 5],
    ],
  ],
  Lenses: [
    "LNS",
    "Cage B",
    [
      ["Zeiss CP.3 25mm T2.1", "Zeiss", "CP.3 25mm", 4_200, 2],
      ["Zeiss CP.3 35mm T2.1", "Zeiss", "CP.3 35mm", 4_200, 2],
      ["Zeiss CP.3 50mm T2.1", "Zeiss", "CP.3 50mm", 4_200, 2],
      ["Zeiss CP.3 85mm T2.1", "Zeiss", "CP.3 85mm", 4_200, 2],
      ["Sigma Cine 18-35mm T2", "Sigma", "18-35mm T2 PL", 3_500, 2],
      ["Canon CN-E 24mm T1.5", "Canon", "CN-E 24mm L F", 3_000, 2],
      ["Canon CN-E 50mm T1.3", "Canon", "CN-E 50mm L F", 3_000, 2],
      ["Canon CN-E 85mm T1.3", "Canon", "CN-E 85mm L F", 3_000, 2],
      ["Samyang Xeen 24mm T1.5", "Samyang", "Xeen 24mm", 1_500, 3],
      ["Samyang Xeen 50mm T1.5", "Samyang", "Xeen 50mm", 1_500, 3],
      ["Samyang Xeen 85mm T1.5", "Samyang", "Xeen 85mm", 1_500, 3],
      ["Angénieux EZ-1 30-90mm", "Angénieux", "EZ-1 S35", 26_000, 1, "Cinema camera"],
      ["Sony FE 24-70mm f/2.8 GM II", "Sony", "SEL2470GM2", 2_000, 4],
    ],
  ],
  "Camera support": [
    "SUP",
    "Bay 3",
    [
      ["Sachtler Flowtech 75 tripod", "Sachtler", "Flowtech 75 / FSB 8", 2_500, 6],
      ["Manfrotto 504X tripod", "Manfrotto", "504X / 645 Fast Twin", 900, 6],
      ["DJI RS 3 Pro gimbal", "DJI", "RS 3 Pro", 800, 3, "Gimbal"],
      ["Steadicam Zephyr", "Tiffen", "Steadicam Zephyr", 9_000, 1, "Steadicam"],
      ["Dana Dolly kit", "Dana Dolly", "Original kit", 1_400, 2],
    ],
  ],
  Grip: [
    "GRP",
    "Bay 4",
    [
      ['C-stand 40"', "Matthews", "Hollywood C-stand", 180, 12],
      ["Apple box set", "Matthews", "Full, half, quarter, pancake", 150, 4],
      ["Frame 6x6 with diffusion", "Modern Studio", "Butterfly 6x6", 420, 3],
    ],
  ],
  Lighting: [
    "LGT",
    "Bay 1",
    [
      ["ARRI SkyPanel S60-C", "ARRI", "SkyPanel S60-C", 6_500, 3],
      ["Aputure LS 600d Pro", "Aputure", "LS 600d Pro", 1_900, 4],
      ["Aputure LS 300x", "Aputure", "LS 300x", 1_100, 4],
      ["Astera Titan Tube kit (8)", "Astera", "FP1 Titan Tube", 7_000, 2],
      ["ARRI M18 HMI", "ARRI", "M18", 18_000, 1, "HMI lighting"],
      ["Kino Flo Diva-Lite 31", "Kino Flo", "Diva-Lite 31 LED", 1_200, 3],
      ["Dedolight DLED4 kit", "Dedolight", "DLED4.1 3-light kit", 2_500, 2],
    ],
  ],
  Sound: [
    "SND",
    "Cage C",
    [
      ["Sound Devices MixPre-6 II", "Sound Devices", "MixPre-6 II", 1_000, 4],
      ["Zoom F6 recorder", "Zoom", "F6", 700, 4],
      ["Sennheiser MKH 416", "Sennheiser", "MKH 416", 900, 6],
      ["Schoeps CMC 641", "Schoeps", "CMC 6 / MK 41", 1_900, 2],
      ["Sennheiser EW 112P G4 wireless", "Sennheiser", "EW 112P G4", 600, 8],
      ["Rode NTG3", "Rode", "NTG3", 700, 4],
      ["K-Tek boom pole", "K-Tek", "KEG-150CCR", 400, 6],
    ],
  ],
  Monitoring: [
    "MON",
    "Cage A",
    [
      ["SmallHD Cine 7", "SmallHD", "Cine 7", 2_200, 3],
      ["Atomos Ninja V", "Atomos", "Ninja V", 700, 4],
      ["Teradek Bolt 4K 750", "Teradek", "Bolt 4K 750 TX/RX", 6_500, 2],
    ],
  ],
  "Power and media": [
    "PWR",
    "Charging wall",
    [
      ["Core SWX Hypercore 98 V-mount", "Core SWX", "HC8-98", 300, 16],
      ["CFexpress B 512GB card", "Angelbird", "AV PRO CFexpress B 512", 350, 10],
    ],
  ],
};

const CERTIFICATIONS: [name: string, description: string][] = [
  [
    "Cinema camera",
    "Building, powering and operating the ARRI and RED bodies and PL glass; two-hour workshop with the equipment office.",
  ],
  ["Steadicam", "Balancing and operating the Steadicam Zephyr; a day's course and a signed-off test shot."],
  ["Gimbal", "Balancing and operating motorised gimbals safely."],
  ["HMI lighting", "Rigging, striking and power safety for HMI fixtures and ballasts."],
];

/** Who holds which certification, by the demo accounts' e-mail. */
const GRANTS: [email: string, cert: string][] = [
  ["jun.park@portal.test", "Cinema camera"],
  ["jun.park@portal.test", "Gimbal"],
  ["amara.diallo@portal.test", "Cinema camera"],
  ["sofia.marchetti@portal.test", "Steadicam"],
  ["elliot.brooks@portal.test", "HMI lighting"],
  ["student@portal.test", "Gimbal"],
];

/** Kits of specific items, by asset tag. */
const KITS: [name: string, description: string, tags: string[]][] = [
  [
    "Fiction package A",
    "Alexa Mini LF with the CP.3 primes, a monitor and batteries.",
    [
      "NFS-CAM-001",
      "NFS-LNS-001",
      "NFS-LNS-003",
      "NFS-LNS-005",
      "NFS-LNS-007",
      "NFS-MON-001",
      "NFS-PWR-001",
      "NFS-PWR-002",
    ],
  ],
  [
    "Documentary kit 1",
    "Sony FX6 with the 24-70, on-camera sound and two batteries.",
    ["NFS-CAM-006", "NFS-LNS-027", "NFS-SND-001", "NFS-SND-013", "NFS-PWR-003", "NFS-PWR-004"],
  ],
  [
    "Documentary kit 2",
    "Sony FX6 with the 24-70, on-camera sound and two batteries.",
    ["NFS-CAM-007", "NFS-LNS-028", "NFS-SND-002", "NFS-SND-014", "NFS-PWR-005", "NFS-PWR-006"],
  ],
  [
    "Interview sound kit",
    "Recorder, shotgun, two wireless sets and a boom pole.",
    ["NFS-SND-003", "NFS-SND-015", "NFS-SND-021", "NFS-SND-022", "NFS-SND-029"],
  ],
  ["Small lighting kit", "Two 600d Pros on C-stands.", ["NFS-LGT-004", "NFS-LGT-005", "NFS-GRP-001", "NFS-GRP-002"]],
];

/**
 * A demo model's rental day rate: about 4 % of its value a day, in whole units, as rental houses price kit;
 * items without a model name keep none, so a budget started from the schedule shows both.
 */
const demoDayRate = (model: string, value: number) => (model ? Math.max(5, Math.round(value * 0.04)) * 100 : null);

const CONDITIONS_BY_AGE: Condition[] = ["new", "good", "good", "good", "fair", "worn"];

interface SeedReservation {
  project: string;
  state: ReservationState;
  /** Start and end in days from now. */
  days: [number, number];
  /** Booked as a number of one model ("2 × Sachtler Flowtech 75"): the tags are stand-ins the desk may swap. */
  byModel?: boolean;
  tags: string[];
  note?: string;
  rejectReason?: string;
  damagedTag?: string;
  /** Returned: what the desk noted of the other items' condition (the rest came back good without a note). */
  noted?: Record<string, [Condition, string]>;
  /** Handed out and taken back at the desk against signatures, with its two receipts; who brought the gear back. */
  signed?: { returnedBy: string };
}

const RESERVATIONS: SeedReservation[] = [
  {
    project: "Small Hours",
    state: "requested",
    days: [3, 5],
    tags: ["NFS-CAM-010", "NFS-LNS-019", "NFS-LNS-022", "NFS-SUP-001"],
    note: "Two night exteriors by the canal.",
  },
  {
    project: "What the River Keeps",
    state: "requested",
    days: [4, 7],
    tags: ["NFS-CAM-011", "NFS-SND-004", "NFS-SND-016", "NFS-PWR-007", "NFS-PWR-008"],
  },
  {
    project: "The Quiet Floor",
    state: "requested",
    days: [6, 8],
    tags: ["NFS-LGT-001", "NFS-LGT-002", "NFS-GRP-003", "NFS-GRP-004"],
    note: "Library interior, day for night.",
  },
  {
    project: "Nightjar",
    state: "approved",
    days: [1, 3],
    tags: ["NFS-CAM-002", "NFS-LNS-002", "NFS-LNS-004", "NFS-MON-002", "NFS-PWR-009", "NFS-PWR-010"],
  },
  { project: "Salt and Iron", state: "approved", days: [5, 9], tags: ["NFS-CAM-003", "NFS-SUP-013", "NFS-SND-005"] },
  {
    project: "Small Hours",
    state: "rejected",
    days: [2, 4],
    tags: ["NFS-LGT-014"],
    rejectReason:
      "The M18 needs an HMI certification on the crew; book two 600d Pros instead or take the HMI course on Thursday.",
  },
  {
    project: "The Weight of Water",
    state: "checked_out",
    days: [-3, 3],
    tags: [
      "NFS-CAM-001",
      "NFS-LNS-001",
      "NFS-LNS-003",
      "NFS-LNS-005",
      "NFS-LNS-007",
      "NFS-MON-001",
      "NFS-PWR-001",
      "NFS-PWR-002",
    ],
  },
  // Two tripods by model, collected later today: the desk scans any two free Sachtlers.
  {
    project: "The Weight of Water",
    state: "approved",
    days: [0.1, 2],
    tags: ["NFS-SUP-003", "NFS-SUP-004"],
    byModel: true,
    note: "Two tripods for the pier scenes; any two Sachtlers will do.",
  },
  {
    project: "Night Market",
    state: "checked_out",
    days: [-1, 2],
    tags: ["NFS-CAM-012", "NFS-SUP-014", "NFS-SND-006", "NFS-SND-017"],
  },
  // The overdue one: due back yesterday evening and still out.
  {
    project: "Salt and Iron",
    state: "checked_out",
    days: [-4, -1],
    tags: ["NFS-CAM-013", "NFS-SND-007", "NFS-SND-018"],
  },
  {
    project: "Red Line",
    state: "returned",
    days: [-20, -15],
    tags: ["NFS-CAM-014", "NFS-LNS-020", "NFS-SUP-002"],
    damagedTag: "NFS-LNS-020",
    noted: {
      "NFS-CAM-014": ["good", "Sensor cleaned; both media cards formatted."],
      "NFS-SUP-002": ["fair", "One leg lock slips; tightened at the desk."],
    },
    // The demo's signed return: the borrower signed for the gear, the DP brought it back and signed the receipt.
    signed: { returnedBy: "Elliot Brooks" },
  },
  { project: "Paper Boats", state: "returned", days: [-30, -26], tags: ["NFS-CAM-015", "NFS-SND-008"] },
  { project: "Nightjar", state: "cancelled", days: [8, 10], tags: ["NFS-LGT-008", "NFS-LGT-009"] },
];

/** The demo school's stores: 150+ items, kits, certifications and reservations in every state, one overdue. */
export async function seedEquipment(s: Pick<Services, "db" | "config">): Promise<number> {
  const now = Date.now();
  const cats = await s.db
    .insert(equipmentCategories)
    .values(Object.keys(INVENTORY).map((name) => ({ name })))
    .returning();
  const certs = await s.db
    .insert(certifications)
    .values(CERTIFICATIONS.map(([name, description]) => ({ name, description })))
    .returning();
  const certId = new Map(certs.map((c) => [c.name, c.id]));
  const values: (typeof equipmentItems.$inferInsert)[] = [];
  let serial = 1000;
  for (const [category, [prefix, shelf, lines]] of Object.entries(INVENTORY)) {
    const categoryId = cats.find((c) => c.name === category)!.id;
    let n = 0;
    for (const [name, brand, model, value, count, cert] of lines) {
      for (let k = 0; k < count; k++) {
        n++;
        serial += 37;
        values.push({
          categoryId,
          name,
          brand,
          model,
          serialNumber: `${brand
            .replace(/[^A-Za-z]/g, "")
            .slice(0, 3)
            .toUpperCase()}${serial * 7919}`.slice(0, 14),
          assetTag: `NFS-${prefix}-${String(n).padStart(3, "0")}`,
          valueMinor: value * 100,
          dayRateMinor: demoDayRate(model, value),
          condition: CONDITIONS_BY_AGE[(n + k) % CONDITIONS_BY_AGE.length]!,
          location: `${shelf}, shelf ${1 + (n % 6)}`,
          certificationId: cert ? certId.get(cert)! : null,
        });
      }
    }
  }
  const items = await s.db
    .insert(equipmentItems)
    .values(values)
    .returning({ id: equipmentItems.id, assetTag: equipmentItems.assetTag });
  const byTag = new Map(items.map((i) => [i.assetTag, i.id]));

  const people = await s.db
    .select({ id: profiles.id, email: profiles.email, name: profiles.fullName, role: profiles.role })
    .from(profiles);
  const person = new Map(people.map((p) => [p.email, p]));
  const office = person.get("equipment@portal.test")!;
  await s.db.insert(userCertifications).values(
    GRANTS.filter(([email]) => person.has(email)).map(([email, cert]) => ({
      userId: person.get(email)!.id,
      certificationId: certId.get(cert)!,
      grantedBy: office.id,
      grantedAt: new Date(now - 40 * DAY_MS),
    })),
  );

  const kits = await s.db
    .insert(equipmentKits)
    .values(KITS.map(([name, description]) => ({ name, description })))
    .returning();
  await s.db
    .insert(kitItems)
    .values(
      KITS.flatMap(([name, , tags]) =>
        tags.map((t) => ({ kitId: kits.find((k) => k.name === name)!.id, itemId: byTag.get(t)! })),
      ),
    );

  const titles = [...new Set(RESERVATIONS.map((r) => r.project))];
  const found = await s.db
    .select({ id: projects.id, title: projects.title, lead: projectMembers.userId })
    .from(projects)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.isLead, true)))
    .where(inArray(projects.title, titles));
  const kitOf = new Map(
    KITS.flatMap(([name, , tags]) => tags.map((t) => [t, kits.find((k) => k.name === name)!.id] as const)),
  );
  for (const r of RESERVATIONS) {
    const project = found.find((f) => f.title === r.project);
    if (!project) continue;
    const startsAt = new Date(now + r.days[0] * DAY_MS);
    const endsAt = new Date(now + r.days[1] * DAY_MS);
    const decided = r.state !== "requested" && r.state !== "cancelled";
    const out = r.state === "checked_out" || r.state === "returned";
    const [row] = await s.db
      .insert(reservations)
      .values({
        projectId: project.id,
        requesterId: project.lead,
        startsAt,
        endsAt,
        state: r.state,
        note: r.note ?? "",
        rejectReason: r.rejectReason ?? null,
        decidedBy: decided ? office.id : null,
        decidedByName: decided ? office.name : null,
        decidedAt: decided ? new Date(startsAt.getTime() - 2 * DAY_MS) : null,
        checkedOutAt: out ? startsAt : null,
        returnedAt: r.state === "returned" ? endsAt : null,
        createdAt: new Date(Math.min(now, startsAt.getTime()) - 4 * DAY_MS),
      })
      .returning({ id: reservations.id });
    const holding = r.state === "requested" || r.state === "approved" || r.state === "checked_out";
    await s.db.insert(reservationItems).values(
      r.tags.map((t) => ({
        reservationId: row!.id,
        itemId: byTag.get(t)!,
        kitId: kitOf.get(t) ?? null,
        startsAt,
        endsAt,
        active: holding,
        checkedOutAt: out ? startsAt : null,
        returnedAt: r.state === "returned" ? endsAt : null,
        returnCondition:
          r.state === "returned" ? (t === r.damagedTag ? "damaged" : (r.noted?.[t]?.[0] ?? "good")) : null,
        returnNotes:
          t === r.damagedTag ? "Front element scratched; the focus ring is stiff." : (r.noted?.[t]?.[1] ?? ""),
        damaged: t === r.damagedTag,
        byModel: r.byModel ?? false,
      })),
    );
    if (r.state === "checked_out") {
      await s.db.update(equipmentItems).set({ status: "checked_out" }).where(inArray(equipmentItems.assetTag, r.tags));
    }
    for (const [tag, [condition]] of Object.entries(r.noted ?? {}))
      await s.db.update(equipmentItems).set({ condition }).where(eq(equipmentItems.assetTag, tag));
    if (r.signed)
      await seedSignedReceipts(s, {
        reservationId: row!.id,
        office,
        tags: r.tags,
        out: startsAt,
        back: endsAt,
        returnedBy: r.signed.returnedBy,
      });
    if (r.damagedTag) {
      const itemId = byTag.get(r.damagedTag)!;
      await s.db
        .update(equipmentItems)
        .set({ status: "maintenance", condition: "damaged" })
        .where(eq(equipmentItems.id, itemId));
      await s.db.insert(maintenanceLog).values({
        itemId,
        kind: "damage",
        note: "Returned damaged from “Red Line”: front element scratched; the focus ring is stiff. Sent to the lens technician.",
        byId: office.id,
        byName: office.name,
        createdAt: endsAt,
      });
    }
  }
  const retired = byTag.get("NFS-SUP-012")!;
  await s.db
    .update(equipmentItems)
    .set({ status: "retired", condition: "worn", notes: "Pan lock no longer holds; kept for parts." })
    .where(eq(equipmentItems.id, retired));
  await s.db.insert(maintenanceLog).values({
    itemId: retired,
    kind: "retired",
    note: "Pan lock no longer holds; kept for parts.",
    byId: office.id,
    byName: office.name,
    createdAt: new Date(now - 60 * DAY_MS),
  });
  await seedAccessLevels(s);
  return items.length;
}
