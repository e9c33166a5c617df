import { inArray } from "drizzle-orm";
import {
  DEFAULT_GREENLIGHT_ITEMS,
  FILM_ROLE_LABELS,
  PHASES,
  PHASE_LABELS,
  type FilmRole,
  type Phase,
  type ProjectType,
} from "../../../common/projects.ts";
import type { ConsentStatus, InterviewStatus, LicenceStatus } from "../../../common/projects.ts";
import type { Services } from "../../context.ts";
import { DAY_MS, isoDay } from "../../../common/time.ts";
import {
  docArchival,
  docInterviews,
  docParticipants,
  milestones,
  phaseChanges,
  profiles,
  projectActivity,
  projectGreenlight,
  projectMembers,
  projects,
} from "../../db/schema/index.ts";

/** Crew shorthand: L Lena Fischer, T Tomás Novák, A Amara Diallo, J Jun Park, S Sofia Marchetti, E Elliot Brooks, N Noor Haddad. */
const STUDENTS: Record<string, string> = {
  L: "student@portal.test",
  T: "tomas.novak@portal.test",
  A: "amara.diallo@portal.test",
  J: "jun.park@portal.test",
  S: "sofia.marchetti@portal.test",
  E: "elliot.brooks@portal.test",
  N: "noor.haddad@portal.test",
};

interface Doc {
  participants: [name: string, description: string, consent: ConsentStatus][];
  /** participant index, days from today (null = not dated yet) */
  interviews: [
    subject: string,
    participant: number | null,
    days: number | null,
    place: string,
    status: InterviewStatus,
  ][];
  archival: [title: string, source: string, licence: LicenceStatus, notes: string][];
}

interface SeedProject {
  title: string;
  type: ProjectType;
  course: string;
  year?: string;
  phase: Phase;
  logline: string;
  synopsis: string;
  runtime: number;
  format: string;
  /** Shoot start and length in days, from today; null when not planned yet. */
  shoot: [start: number, days: number] | null;
  locations: string[];
  /** "A:director,writer*" — * marks a lead; the first lead created the project. */
  crew: string;
  /** Supervised by the admin instead of Daniel Reyes. */
  byAdmin?: boolean;
  milestones: [title: string, days: number, done: boolean][];
  /** Greenlight items done, when they differ from what the phase implies. */
  greenlight?: string[];
  /** Staff moved it into production past the checklist, with this reason. */
  override?: string;
  doc?: Doc;
}

const FICTION_II = "Fiction Workshop II";
const DOC_PRACTICE = "Documentary Practice";
const EXPERIMENTAL = "Experimental Forms";
const ANIMATION = "Animation Studio";
const MUSIC_VIDEO = "Music Video Lab";

const PROJECTS: SeedProject[] = [
  {
    title: "The Weight of Water",
    type: "fiction",
    course: FICTION_II,
    phase: "production",
    logline:
      "A ferry pilot's daughter has one night to decide whether to report her father's drinking before the morning crossing.",
    synopsis:
      "Ines, seventeen, has covered for her father all summer. When a tourist family books the dawn crossing, she must choose between loyalty and the lives of strangers. Shot over four nights on a working ferry, the film stays inside the wheelhouse and the kitchen, with the lake always in the window.",
    runtime: 14,
    format: "4K, 2.39:1, Alexa Mini",
    shoot: [-3, 6],
    locations: ["Lake ferry terminal", "Ferry MS Helvetia", "Harbour flat, Seestrasse"],
    crew: "A:director,writer*; J:dp; N:sound; S:producer*",
    milestones: [
      ["Script lock", -40, true],
      ["Tech recce", -12, true],
      ["Wrap", 3, false],
      ["Picture lock", 35, false],
    ],
  },
  {
    title: "Small Hours",
    type: "fiction",
    course: FICTION_II,
    phase: "pre_production",
    logline:
      "Two night-shift cleaners in an empty office tower discover they have been writing letters to the same dead man.",
    synopsis:
      "Marta and Kofi never speak; they share a floor and a trolley. A misplaced envelope reveals that both write to the building's former owner, who died in the lift shaft. A quiet two-hander about grief that has nowhere to go.",
    runtime: 12,
    format: "HD, 1.85:1, FX6",
    shoot: [18, 4],
    locations: ["Office tower, 14th floor", "Night bus N7"],
    crew: "L:director*; T:producer*; E:dp; N:sound",
    milestones: [
      ["Casting complete", -5, true],
      ["Location contract", 4, false],
      ["Shoot", 18, false],
    ],
    greenlight: ["supervisor_signoff", "crew_complete"],
  },
  {
    title: "Kiln",
    type: "fiction",
    course: FICTION_II,
    phase: "development",
    logline: "A potter losing her sight teaches her estranged son to fire the last kiln load of her life.",
    synopsis:
      "A mother and son, a wood-fired kiln that must be tended for three days without sleep, and everything they have not said in ten years.",
    runtime: 18,
    format: "16mm, 1.37:1",
    shoot: null,
    locations: ["Pottery workshop, Eastfield"],
    crew: "S:director,writer*; J:dp",
    milestones: [
      ["First draft", -2, false],
      ["Supervisor read-through", 10, false],
    ],
  },
  {
    title: "Red Line",
    type: "fiction",
    course: FICTION_II,
    phase: "post_production",
    logline:
      "A tram driver on her last shift before retirement refuses to leave the cab when the line is shut down for good.",
    synopsis:
      "The city is closing the oldest tram line. Rosa, thirty-one years on the route, locks herself in. Passengers, a transport official and her grandson take turns at the door. A comedy, mostly.",
    runtime: 16,
    format: "4K, 1.85:1, Komodo",
    shoot: [-48, 5],
    locations: ["Tram depot West", "Line 4 route", "Depot canteen"],
    crew: "T:director*; A:producer; E:dp,camera_operator; L:editor; N:sound",
    milestones: [
      ["Wrap", -43, true],
      ["Assembly", -20, true],
      ["Picture lock", -2, false],
      ["Sound mix", 12, false],
    ],
  },
  {
    title: "Understudy",
    type: "fiction",
    course: FICTION_II,
    year: "2025/26",
    phase: "completed",
    logline: "On opening night, an understudy realises the lead actor is not ill — he is hiding in her dressing room.",
    synopsis: "A backstage chamber piece in real time: forty minutes before curtain, two actors and one role.",
    runtime: 11,
    format: "HD, 2.39:1",
    shoot: [-260, 4],
    locations: ["Studio Theatre", "Dressing room B"],
    crew: "J:director*; S:producer; L:dp; T:editor",
    milestones: [
      ["Festival delivery", -150, true],
      ["Graduation screening", -120, true],
    ],
  },
  {
    title: "What the River Keeps",
    type: "fiction",
    course: FICTION_II,
    phase: "pre_production",
    logline:
      "After a flood, a boy searches the drying riverbed for his grandfather's medals and finds the village's other secrets instead.",
    synopsis: "Told from knee height, over one hot week, with non-professional actors from the valley.",
    runtime: 20,
    format: "4K, 1.66:1",
    shoot: [30, 7],
    locations: ["River Aller flood plain", "Village hall, Brinkum"],
    crew: "N:director*; E:producer; A:dp",
    milestones: [
      ["Child licence applications", -1, false],
      ["Casting day", 9, false],
    ],
    greenlight: ["supervisor_signoff"],
  },
  {
    title: "Nightjar",
    type: "fiction",
    course: FICTION_II,
    phase: "production",
    logline:
      "A birdwatcher recording nightjars on the heath captures a voice on tape that only she seems able to hear.",
    synopsis: "A slow-burn thriller built around sound: most of the film is night exteriors and headphones.",
    runtime: 15,
    format: "4K, 2.39:1, low light",
    shoot: [-1, 4],
    locations: ["Lüneburg Heath", "Ranger hut"],
    crew: "E:director*; N:sound*; S:dp",
    milestones: [
      ["Night shoot permit", -20, true],
      ["Wrap", 3, false],
    ],
    greenlight: ["supervisor_signoff", "crew_complete", "budget_approved", "risk_assessment", "releases_signed"],
    override:
      "Insurance confirmed by the broker by phone; the certificate follows on Monday and the shoot window is the new moon.",
  },
  {
    title: "Inventory",
    type: "fiction",
    course: FICTION_II,
    phase: "development",
    logline:
      "A warehouse picker counts everything — steps, boxes, words — until her new supervisor starts counting with her.",
    synopsis: "A romance in a distribution centre, shot between the aisles on the night shift.",
    runtime: 10,
    format: "HD, 1.85:1",
    shoot: [60, 3],
    locations: ["Distribution centre, Hafenstrasse"],
    crew: "L:writer,director*",
    milestones: [
      ["Treatment", -8, true],
      ["Second draft", -1, false],
    ],
  },
  {
    title: "Paper Boats",
    type: "fiction",
    course: "Directing Actors",
    phase: "post_production",
    logline:
      "Three siblings clearing their late mother's flat fold her unpaid bills into boats and float them down the canal.",
    synopsis: "A single afternoon, a single flat, a lot of paper. About what we inherit besides things.",
    runtime: 13,
    format: "4K, 1.85:1",
    shoot: [-30, 3],
    locations: ["Flat on Kanalstrasse", "Canal towpath"],
    crew: "S:director*; T:dp; A:editor; J:sound",
    milestones: [
      ["Rough cut", -6, true],
      ["Fine cut", 5, false],
      ["Grade", 14, false],
    ],
  },
  {
    title: "Salt and Iron",
    type: "documentary",
    course: DOC_PRACTICE,
    phase: "production",
    logline: "The last three salt workers of a coastal works keep the pans going through their final winter.",
    synopsis:
      "The salt works closes in spring. Ada, Piet and Hanne have worked the pans for a combined 120 years. We follow the harvest, the repairs nobody will pay for, and the question of who keeps the tools.",
    runtime: 25,
    format: "4K, 1.85:1, observational",
    shoot: [-20, 40],
    locations: ["Salt works, Nordstrand", "Harbour café"],
    crew: "A:director*; T:producer; J:dp,camera_operator; N:sound",
    milestones: [
      ["Access agreement", -60, true],
      ["First shoot block", -20, true],
      ["Second shoot block", 10, false],
      ["Assembly", 40, false],
    ],
    doc: {
      participants: [
        ["Ada Okoye", "Salt worker since 1979; the pans' unofficial historian", "signed"],
        ["Piet Lorenzen", "Foreman; repairs the sluices himself", "signed"],
        ["Hanne Brix", "Youngest of the three; wants to buy the works", "pending"],
        ["Works manager", "Speaks for the owners; may decline", "declined"],
      ],
      interviews: [
        ["Ada on the 1987 flood", 0, -15, "Ada's kitchen", "done"],
        ["Piet at the sluice gates", 1, 4, "Sluice house", "confirmed"],
        ["Hanne's business plan", 2, 12, "Harbour café", "planned"],
      ],
      archival: [
        ["Salt harvest newsreel, 1958", "Regional film archive", "licensed", "Fee paid; credit required"],
        ["Family photographs of the works", "Ada Okoye, private", "licensed", "Release signed with consent form"],
        ["Local TV report on the closure", "NDR archive", "requested", "Quote expected this month"],
      ],
    },
  },
  {
    title: "The Quiet Floor",
    type: "documentary",
    course: DOC_PRACTICE,
    phase: "pre_production",
    logline: "A year on the hospice floor of a city hospital, told by the night nurses.",
    synopsis:
      "Not about dying but about the work of the nights: the tea, the paperwork, the jokes, the families at 4 a.m.",
    runtime: 30,
    format: "HD, 1.85:1",
    shoot: [25, 60],
    locations: ["St. Georg hospital, ward 7", "Staff room"],
    crew: "L:director*; S:producer; E:dp",
    milestones: [
      ["Ethics approval", -3, false],
      ["Consent forms out", 5, false],
    ],
    greenlight: ["supervisor_signoff"],
    doc: {
      participants: [
        ["Grace Mensah", "Night nurse, 22 years on the ward", "signed"],
        ["Tobias Weil", "Trainee nurse", "pending"],
        ["Families (general)", "Filmed only with written consent per family", "pending"],
      ],
      interviews: [
        ["Grace: why nights", 0, 27, "Staff room", "planned"],
        ["Ward sister", null, null, "To be agreed", "planned"],
      ],
      archival: [],
    },
  },
  {
    title: "Border Kitchen",
    type: "documentary",
    course: DOC_PRACTICE,
    phase: "post_production",
    logline: "A refugee-run canteen at a border town feeds truckers, police and asylum seekers at the same tables.",
    synopsis: "Three cooks, one menu, and the conversations that happen over soup when nobody is filming the news.",
    runtime: 22,
    format: "4K, 1.85:1",
    shoot: [-70, 21],
    locations: ["Canteen, Frankfurt (Oder)", "Truck stop A12"],
    crew: "N:director*; A:producer; T:editor; J:sound",
    milestones: [
      ["Rough cut", -10, true],
      ["Subtitles", 7, false],
      ["Archive clearances", -4, false],
    ],
    doc: {
      participants: [
        ["Samir Haddad", "Head cook", "signed"],
        ["Olena Kravets", "Cook, arrived 2022", "signed"],
        ["Truck drivers (various)", "Releases collected on set", "signed"],
        ["Border police officer", "Agreed to be filmed, face blurred", "pending"],
      ],
      interviews: [
        ["Samir: the first winter", 0, -50, "Canteen", "done"],
        ["Olena: recipes from home", 1, -48, "Canteen kitchen", "done"],
      ],
      archival: [
        ["Border crossing 1990 footage", "Bundesarchiv", "requested", "Application number 4471"],
        ["Phone videos of the opening night", "Samir Haddad", "licensed", ""],
        ["News clip of the 2015 arrivals", "Broadcaster unknown", "unknown", "Find the rights holder"],
      ],
    },
  },
  {
    title: "Allotment",
    type: "documentary",
    course: DOC_PRACTICE,
    phase: "development",
    logline: "Four seasons on a city allotment where every plot has a quarrel and a tomato competition.",
    synopsis: "A gentle comedy of rules, hedges and rivalries among retired neighbours.",
    runtime: 20,
    format: "HD",
    shoot: null,
    locations: ["Kleingartenverein Sonnenschein"],
    crew: "E:director*; L:producer",
    milestones: [["Access meeting with the club board", 6, false]],
    doc: {
      participants: [["Club chairman", "Gatekeeper; sceptical", "pending"]],
      interviews: [["Chairman intro meeting", 0, 6, "Club house", "confirmed"]],
      archival: [["Club photo albums, 1950s–", "Club archive", "unknown", "Ask the board"]],
    },
  },
  {
    title: "Second Language",
    type: "documentary",
    course: DOC_PRACTICE,
    year: "2025/26",
    phase: "completed",
    logline: "Adult learners in an evening German class and the lives they leave at the classroom door.",
    synopsis: "Observational, warm, and often funny: the grammar of starting over.",
    runtime: 28,
    format: "HD, 1.85:1",
    shoot: [-300, 60],
    locations: ["Volkshochschule, room 204"],
    crew: "S:director*; N:dp; L:editor",
    milestones: [["Premiere at the school showcase", -180, true]],
    doc: {
      participants: [
        ["Evening class, level A2", "Eleven learners", "signed"],
        ["Frau Albers", "Teacher", "signed"],
      ],
      interviews: [["Frau Albers", 1, -280, "Room 204", "done"]],
      archival: [],
    },
  },
  {
    title: "Night Market",
    type: "documentary",
    course: DOC_PRACTICE,
    phase: "production",
    logline: "One summer of the city's first night market, from the stallholders' side of the counter.",
    synopsis: "Dumplings, debts and dreams: five stallholders and the season that decides whether they come back.",
    runtime: 18,
    format: "4K, 1.85:1, handheld",
    shoot: [-10, 30],
    locations: ["Night market, Großmarkt car park"],
    crew: "J:director*; E:producer; S:sound",
    milestones: [
      ["Stallholder releases", -12, true],
      ["Midseason shoot", 2, false],
    ],
    doc: {
      participants: [
        ["Mei Lin", "Dumpling stall", "signed"],
        ["Karim Aziz", "Juice stall", "pending"],
        ["Market organiser", "Council contract holder", "signed"],
      ],
      interviews: [
        ["Mei: why nights", 0, -5, "Stall 12", "done"],
        ["Karim after closing", 1, 3, "Stall 4", "planned"],
        ["Organiser: the licence fight", 2, 9, "Council office", "cancelled"],
      ],
      archival: [["Market promo reel", "City tourism office", "licensed", ""]],
    },
  },
  {
    title: "The Archivist",
    type: "documentary",
    course: DOC_PRACTICE,
    phase: "pre_production",
    logline:
      "An 84-year-old volunteer has catalogued the town museum alone for thirty years, and nobody knows the system but her.",
    synopsis: "A portrait of memory and succession: who inherits an archive that lives in one head?",
    runtime: 15,
    format: "HD, 4:3",
    shoot: [14, 10],
    locations: ["Heimatmuseum Celle", "Her flat"],
    crew: "T:director*; A:dp; L:sound",
    milestones: [
      ["Museum filming permit", -7, false],
      ["Test shoot", 5, false],
    ],
    greenlight: ["supervisor_signoff", "crew_complete", "insurance"],
    doc: {
      participants: [
        ["Irmgard Sommer", "Volunteer archivist", "signed"],
        ["Museum director", "Employer of record", "pending"],
      ],
      interviews: [["Irmgard: the card index", 0, 15, "Museum basement", "planned"]],
      archival: [
        ["Town photographs 1900–1950", "Heimatmuseum", "public_domain", "Out of copyright"],
        ["Local paper clippings", "Cellesche Zeitung", "refused", "Will use stills of headlines only"],
      ],
    },
  },
  {
    title: "Handed Down",
    type: "documentary",
    course: "Documentary Practice",
    phase: "development",
    logline: "Three generations of a family of tailors, one suit, and the shop that none of the grandchildren want.",
    synopsis: "Shot around the making of one bespoke suit, from measuring to the final fitting.",
    runtime: 24,
    format: "4K, 1.66:1",
    shoot: [45, 15],
    locations: ["Schneiderei Demir, Linden"],
    crew: "N:director,producer*; J:dp",
    milestones: [["Pitch to supervisor", -3, false]],
    doc: {
      participants: [
        ["Mehmet Demir", "Founder, 79", "pending"],
        ["Aylin Demir", "Runs the shop now", "pending"],
      ],
      interviews: [],
      archival: [["Family photographs", "Demir family", "unknown", ""]],
    },
  },
  {
    title: "Static",
    type: "experimental",
    course: EXPERIMENTAL,
    phase: "post_production",
    logline: "A city's radio interference, recorded for a month and made visible frame by frame.",
    synopsis: "An essay on noise: data from a software radio drives hand-processed 16mm loops.",
    runtime: 8,
    format: "16mm hand-processed, digital intermediate",
    shoot: [-25, 10],
    locations: ["Roof of the film school", "TV tower park"],
    crew: "E:director,editor*; N:sound",
    milestones: [
      ["Processing", -15, true],
      ["Sound design", 6, false],
    ],
  },
  {
    title: "Forty Windows",
    type: "experimental",
    course: EXPERIMENTAL,
    phase: "development",
    logline: "Every window of one tenement block, filmed from across the street at the same minute on forty evenings.",
    synopsis: "A durational piece about neighbours, light and privacy; no faces, only rooms.",
    runtime: 12,
    format: "4K, locked-off",
    shoot: [20, 40],
    locations: ["Opposite Lindenstrasse 40"],
    crew: "L:director*; S:producer",
    milestones: [["Neighbour letter", 3, false]],
  },
  {
    title: "Breath Study",
    type: "experimental",
    course: EXPERIMENTAL,
    year: "2025/26",
    phase: "completed",
    logline: "Twelve swimmers hold their breath; the film lasts exactly as long as they do.",
    synopsis: "Underwater portraits, one take each, cut to the length of a single breath.",
    runtime: 6,
    format: "HD, underwater housing",
    shoot: [-220, 2],
    locations: ["Stadionbad"],
    crew: "J:director*; A:dp",
    milestones: [["Gallery installation", -160, true]],
  },
  {
    title: "Terminal Bloom",
    type: "experimental",
    course: EXPERIMENTAL,
    phase: "pre_production",
    logline: "Time-lapse of mould, flowers and a dying phone battery, scored by the sounds of its own decay.",
    synopsis: "A study of slow endings, made in a kitchen over six weeks.",
    runtime: 7,
    format: "Time-lapse, 6K stills",
    shoot: [7, 42],
    locations: ["Student flat kitchen"],
    crew: "T:director*",
    milestones: [
      ["Rig test", -2, true],
      ["Start capture", 7, false],
    ],
    greenlight: ["supervisor_signoff", "crew_complete"],
  },
  {
    title: "Paper Moon Factory",
    type: "animation",
    course: ANIMATION,
    phase: "production",
    logline: "In a factory that makes moons out of paper, a night-shift worker secretly keeps the rejects.",
    synopsis: "Cut-out stop motion, 2,400 frames, about the beauty of imperfect things.",
    runtime: 7,
    format: "Stop motion, 2K, 12 fps",
    shoot: [-14, 45],
    locations: ["Animation studio 2"],
    crew: "S:director,production_designer*; L:dp; N:sound,composer",
    milestones: [
      ["Animatic", -35, true],
      ["Puppets built", -16, true],
      ["Half the shots", 10, false],
    ],
  },
  {
    title: "Fox and Fog",
    type: "animation",
    course: ANIMATION,
    phase: "development",
    logline: "A fox cub who cannot see through fog learns to find home by sound.",
    synopsis: "2D hand-drawn, for children; the sound design carries the story.",
    runtime: 5,
    format: "2D, 2K",
    shoot: null,
    locations: ["Animation studio 1"],
    crew: "A:director*; E:sound",
    milestones: [
      ["Character sheets", -6, false],
      ["Storyboard", 14, false],
    ],
  },
  {
    title: "Lighthouse Keeper's Cat",
    type: "animation",
    course: ANIMATION,
    phase: "post_production",
    logline: "The last lighthouse is automated, but nobody told the cat.",
    synopsis: "A 3D short with a hand-painted look: the cat keeps the light, storm after storm.",
    runtime: 6,
    format: "3D, 2K, 24 fps",
    shoot: [-90, 60],
    locations: ["Render farm"],
    crew: "J:director*; T:vfx; N:composer",
    milestones: [
      ["Final render", -8, false],
      ["Mix", 10, false],
    ],
  },
  {
    title: "Clay Saints",
    type: "animation",
    course: ANIMATION,
    year: "2025/26",
    phase: "completed",
    logline: "A village's clay saints come alive at night to repair what the villagers broke by day.",
    synopsis: "Claymation in a baroque church model; a fable about care.",
    runtime: 9,
    format: "Stop motion, 4K",
    shoot: [-240, 50],
    locations: ["Animation studio 2"],
    crew: "E:director*; S:production_designer",
    milestones: [["Festival submission", -100, true]],
  },
  {
    title: "Glass Heart — Mira Vale",
    type: "music_video",
    course: MUSIC_VIDEO,
    phase: "production",
    logline: "A one-take music video through a glassblower's workshop as the furnace is lit for the last time.",
    synopsis: "For Mira Vale's single: one steadicam take, one furnace, one song.",
    runtime: 4,
    format: "4K, 2.39:1, steadicam",
    shoot: [2, 1],
    locations: ["Glashütte Lamberts"],
    crew: "T:director*; E:dp; S:producer",
    milestones: [
      ["Rehearsal day", -1, true],
      ["Shoot", 2, false],
      ["Delivery to label", 16, false],
    ],
  },
  {
    title: "Overpass — The Lanterns",
    type: "music_video",
    course: MUSIC_VIDEO,
    phase: "pre_production",
    logline: "Skaters under a motorway overpass perform the band's song in sign language.",
    synopsis: "Made with the deaf skate collective from Wilhelmsburg; the band plays on the ramp.",
    runtime: 4,
    format: "HD, 4:3, VHS look",
    shoot: [12, 1],
    locations: ["Overpass skate park, Wilhelmsburg"],
    crew: "N:director*; A:producer; J:dp",
    milestones: [
      ["Band sign-off on treatment", -9, false],
      ["Skater workshop", 5, false],
    ],
    greenlight: ["crew_complete"],
  },
  {
    title: "Slow Dance — Okoro",
    type: "music_video",
    course: MUSIC_VIDEO,
    year: "2025/26",
    phase: "completed",
    logline: "Retired ballroom dancers return to the hall where they met.",
    synopsis: "Five couples, one evening, the band's slowest song.",
    runtime: 5,
    format: "4K, 1.85:1",
    shoot: [-200, 1],
    locations: ["Tanzpalast Altona"],
    crew: "L:director*; J:dp",
    milestones: [["Premiere on the band's channel", -170, true]],
  },
  {
    title: "Heat — Nadia K",
    type: "music_video",
    course: MUSIC_VIDEO,
    phase: "development",
    logline: "A heatwave, a broken fan, and a singer who refuses to leave her flat.",
    synopsis: "Single location, colour-graded from blue to red across the song.",
    runtime: 3,
    format: "4K, 9:16 and 16:9",
    shoot: [35, 1],
    locations: ["Studio B set"],
    crew: "S:director*; T:producer",
    milestones: [["Treatment to artist", 2, false]],
  },
  {
    title: "Campus Safety Film",
    type: "other",
    course: "Production Office Commission",
    phase: "pre_production",
    logline: "A short, not boring safety induction for first-year students, written by second years.",
    synopsis: "Commissioned by the production office: lifting, cables, night shoots and when to call it.",
    runtime: 6,
    format: "HD, 16:9",
    shoot: [9, 2],
    locations: ["Studio A", "Equipment store"],
    crew: "E:director*; A:writer; T:producer",
    byAdmin: true,
    milestones: [
      ["Script approved by production office", -4, true],
      ["Shoot", 9, false],
    ],
    greenlight: ["supervisor_signoff", "crew_complete", "insurance", "budget_approved"],
  },
  {
    title: "Graduation Showreel 2026",
    type: "other",
    course: "School Showcase",
    phase: "post_production",
    logline: "The year's best moments from every course, cut to three minutes for the graduation screening.",
    synopsis: "A collective edit from forty projects' rushes, with every director's permission.",
    runtime: 3,
    format: "4K, 16:9",
    shoot: null,
    locations: ["Edit suite 3"],
    crew: "L:editor*; N:sound; J:colourist",
    byAdmin: true,
    milestones: [
      ["Collect permissions", -9, false],
      ["Final export", 20, false],
    ],
  },
  {
    title: "Tidewater",
    type: "fiction",
    course: FICTION_II,
    phase: "development",
    logline: "A lifeguard who cannot swim is found out on the hottest day of the year.",
    synopsis: "A comedy of nerve and shame at a crowded lido.",
    runtime: 9,
    format: "HD, 2.39:1",
    shoot: [50, 3],
    locations: ["Kaifu-Lodge lido"],
    crew: "J:writer,director*; A:producer",
    milestones: [["Location scout", 12, false]],
  },
];

const PHASE_REASONS: Record<Phase, string[]> = {
  development: [],
  pre_production: [
    "Script locked after the supervisor's notes",
    "Treatment approved; crew forming",
    "Draft four locked, budget next",
  ],
  production: [
    "All set: first shoot day confirmed",
    "Call sheets out, equipment reserved",
    "Greenlight complete, cameras roll",
  ],
  post_production: [
    "Wrapped on schedule",
    "Last shoot day done; rushes backed up twice",
    "Wrap; one pickup day may follow",
  ],
  completed: [
    "Delivered to the graduation screening",
    "Final master delivered and archived",
    "Delivered; festival submissions under way",
  ],
};

const at = (base: Date, days: number) => new Date(base.getTime() + days * DAY_MS);
const dayFrom = (base: Date, days: number) => isoDay(at(base, days));

/**
 * The demo school's productions: every type and phase, crews from the demo students, milestones some
 * overdue, greenlight checklists in every state, phase histories and documentary details. One
 * multi-row insert per table, so seeding stays quick.
 */
export async function seedProjects(
  s: Pick<Services, "db">,
  accounts: { email: string; name: string }[],
): Promise<number> {
  const people = await s.db
    .select({ id: profiles.id, email: profiles.email, name: profiles.fullName })
    .from(profiles)
    .where(
      inArray(
        profiles.email,
        accounts.map((a) => a.email),
      ),
    );
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const staff = byEmail.get("staff@portal.test");
  const admin = byEmail.get("admin@portal.test");
  if (!staff || !admin) return 0;
  const now = new Date();

  const plans = PROJECTS.map((p, i) => {
    const crew = p.crew.split(";").map((part) => {
      const [who, roles] = part.trim().split(":") as [string, string];
      const person = byEmail.get(STUDENTS[who]!)!;
      return { person, isLead: roles.endsWith("*"), roles: roles.replace("*", "").split(",") as FilmRole[] };
    });
    const lead = crew.find((c) => c.isLead)!.person;
    const supervisor = p.byAdmin ? admin : staff;
    const age = 40 + ((i * 37) % 120); // days since the project was created
    const path = PHASES.slice(0, PHASES.indexOf(p.phase) + 1);
    return { p, i, crew, lead, supervisor, age, path, created: at(now, -age), updated: at(now, -((i * 7) % 20) - 1) };
  });

  const rows = await s.db
    .insert(projects)
    .values(
      plans.map(({ p, lead, supervisor, created, updated }) => ({
        title: p.title,
        type: p.type,
        course: p.course,
        academicYear: p.year ?? "2026/27",
        phase: p.phase,
        logline: p.logline,
        synopsis: p.synopsis,
        targetRuntimeMinutes: p.runtime,
        format: p.format,
        shootStart: p.shoot ? dayFrom(now, p.shoot[0]) : null,
        shootEnd: p.shoot ? dayFrom(now, p.shoot[0] + p.shoot[1] - 1) : null,
        locations: p.locations,
        supervisorId: supervisor.id,
        createdBy: lead.id,
        createdAt: created,
        updatedAt: updated,
      })),
    )
    .returning({ id: projects.id });

  const members: (typeof projectMembers.$inferInsert)[] = [];
  const ms: (typeof milestones.$inferInsert)[] = [];
  const ticks: (typeof projectGreenlight.$inferInsert)[] = [];
  const changes: (typeof phaseChanges.$inferInsert)[] = [];
  const activity: (typeof projectActivity.$inferInsert)[] = [];
  const participants: (typeof docParticipants.$inferInsert)[] = [];
  const archival: (typeof docArchival.$inferInsert)[] = [];

  plans.forEach(({ p, i, crew, lead, supervisor, age, path, created }, n) => {
    const projectId = rows[n]!.id;
    const log = (who: { id: string; name: string }, daysAgo: number, kind: string, summary: string) =>
      activity.push({ projectId, actorId: who.id, actorName: who.name, kind, summary, createdAt: at(now, -daysAgo) });
    log(lead, age, "project.created", `${lead.name} created the project`);
    for (const c of crew) {
      members.push({
        projectId,
        userId: c.person.id,
        roles: c.roles,
        isLead: c.isLead,
        addedAt: c.person === lead ? created : at(created, 2),
      });
      if (c.person !== lead) {
        log(
          lead,
          age - 2,
          "crew.added",
          `${lead.name} added ${c.person.name} to the crew as ${c.roles.map((r) => FILM_ROLE_LABELS[r].toLowerCase()).join(", ")}${c.isLead ? " (lead)" : ""}`,
        );
      }
    }
    for (const [title, days, done] of p.milestones) {
      ms.push({
        projectId,
        title,
        dueDate: dayFrom(now, days),
        done,
        doneAt: done ? at(now, Math.min(days, -1)) : null,
        doneBy: done ? lead.id : null,
      });
    }

    const reachedProduction = PHASES.indexOf(p.phase) >= PHASES.indexOf("production");
    const done = p.greenlight ?? (reachedProduction ? DEFAULT_GREENLIGHT_ITEMS.map((g) => g.key) : []);
    for (const item of DEFAULT_GREENLIGHT_ITEMS) {
      if (!done.includes(item.key)) continue;
      const by = item.source !== "manual" ? null : item.tickedBy === "member" ? lead : supervisor;
      ticks.push({
        projectId,
        itemKey: item.key,
        done: true,
        doneBy: by?.id ?? null,
        doneAt: at(now, -Math.max(2, age / 3)),
        note: null,
      });
    }

    // The phase history walks the path in even steps from creation to a few days ago.
    const steps = path.length - 1;
    path.slice(1).forEach((to, k) => {
      const daysAgo = Math.round(age - ((k + 1) * (age - 2)) / (steps + 0.5));
      const reason = PHASE_REASONS[to][i % PHASE_REASONS[to].length]!;
      const overriding = to === "production" && p.override;
      const who = overriding ? staff : lead;
      changes.push({
        projectId,
        fromPhase: path[k]!,
        toPhase: to,
        reason,
        overrideReason: overriding ? p.override! : null,
        changedBy: who.id,
        changedByName: who.name,
        createdAt: at(now, -daysAgo),
      });
      log(
        who,
        daysAgo,
        overriding ? "phase.override" : "phase.changed",
        overriding
          ? `${who.name} moved the project to ${PHASE_LABELS[to]} past the greenlight checklist: ${reason}. Override: ${p.override}`
          : `${who.name} moved the project to ${PHASE_LABELS[to]}: ${reason}`,
      );
    });

    for (const [name, description, consentStatus] of p.doc?.participants ?? [])
      participants.push({ projectId, name, description, consentStatus });
    for (const [title, source, licenceStatus, notes] of p.doc?.archival ?? [])
      archival.push({ projectId, title, source, licenceStatus, notes });
  });

  await s.db.insert(projectMembers).values(members);
  await s.db.insert(milestones).values(ms);
  if (ticks.length) await s.db.insert(projectGreenlight).values(ticks);
  if (changes.length) await s.db.insert(phaseChanges).values(changes);
  await s.db.insert(projectActivity).values(activity);
  if (archival.length) await s.db.insert(docArchival).values(archival);
  if (participants.length) {
    const saved = await s.db
      .insert(docParticipants)
      .values(participants)
      .returning({ id: docParticipants.id, projectId: docParticipants.projectId, name: docParticipants.name });
    const participantId = (projectId: string, name: string) =>
      saved.find((x) => x.projectId === projectId && x.name === name)?.id ?? null;
    const interviews: (typeof docInterviews.$inferInsert)[] = [];
    plans.forEach(({ p }, n) => {
      for (const [subject, who, days, place, status] of p.doc?.interviews ?? []) {
        const projectId = rows[n]!.id;
        interviews.push({
          projectId,
          subject,
          participantId: who === null ? null : participantId(projectId, p.doc!.participants[who]![0]),
          scheduledAt: days === null ? null : new Date(at(now, days).setUTCHours(10, 0, 0, 0)),
          place,
          status,
        });
      }
    });
    if (interviews.length) await s.db.insert(docInterviews).values(interviews);
  }
  return rows.length;
}
