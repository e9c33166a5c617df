import { useParams } from "react-router";
import { PageHeader } from "../../components/ui/PageHeader.tsx";

export type AreaKey =
  | "productionOverview"
  | "screenplays"
  | "project"
  | "equipmentAdmin"
  | "admin"
  | "documentary"
  | "viewDocument"
  | "budgetApproval"
  | "budgetApprovalRedirect"
  | "signature";

interface AreaText {
  title: string;
  description: string;
}

/** What each area is for, in the words of the people who use it; the area's own issue fills the page. */
const AREAS: Record<AreaKey, AreaText> = {
  productionOverview: {
    title: "Production Overview",
    description:
      "Every production of the school on one page, from pitch to festival delivery: which phase each film is in, its planned shoot days, its supervisor, and what is late or waiting for a decision. Faculty supervisors and the production office use it to see at a glance which crews need help before a shoot, and producers use it to keep their own film on schedule.",
  },
  screenplays: {
    title: "Screenplays",
    description:
      "The home of every script: writers draft in Fountain and see the pages in industry format, keep numbered, colour-coded revisions, and collect their supervisor's notes scene by scene. From a locked draft the assistant director gets the scene, character and location reports that the breakdown, the stripboard and the call sheets are built from.",
  },
  project: {
    title: "Project",
    description:
      "Everything about one production in one place: logline and synopsis, phase and milestones, the crew and the roles each member holds, the screenplay, the budget, the equipment booked for the shoot and the signed paperwork. The producer keeps it current so that the supervisor can greenlight the film with the whole picture in front of them.",
  },
  equipmentAdmin: {
    title: "Equipment Administration",
    description:
      "The equipment office's desk: the inventory of cameras, lenses, sound and lighting kit with serial numbers, condition and certifications; reservations that can never double-book an item; check-out and check-in at the counter; and reminders for gear that comes back late. Students see what they have booked for their shoot days and when it is due back.",
  },
  admin: {
    title: "Admin Dashboard",
    description:
      "Where administrators look after the school as a whole: the number of active productions and accounts, the approvals waiting, the notification jobs and e-mail going out, and the school-wide rules such as the budget approval bypass. It is the first stop when something in the portal needs attention.",
  },
  documentary: {
    title: "Documentary Projects",
    description:
      "Documentary work has its own paperwork and rhythm: the people filmed and whether their consent is signed, interviews planned and shot, and archival footage with the state of its licence. Directors and producers of documentaries track all of it here, so that nothing reaches the edit without the rights to use it.",
  },
  viewDocument: {
    title: "Document Preview",
    description:
      "Read a production document without downloading it: release forms, contracts and deal memos, permits, insurance certificates, risk assessments and call sheets open here page by page, with zoom, so that a producer or supervisor can check a signature or a clause from any device, including a phone on set.",
  },
  budgetApproval: {
    title: "Budget Approval",
    description:
      "The approver of a production's budget reviews it here from the link in their e-mail, with or without an account: the top sheet by category, the contingency and the notes from the producer. They approve it, ask for changes or decline, and every decision is recorded with its time so the production team knows where it stands before money is spent.",
  },
  budgetApprovalRedirect: {
    title: "Budget Approval",
    description:
      "This address forwards an approver from an older e-mail link to the budget they were asked to review, so that a decision can be made even when the proposal has moved on to a newer version. The production team is told of the decision as soon as it is made.",
  },
  signature: {
    title: "Document Signature",
    description:
      "People outside the school, such as location owners, actors, a minor's guardian or freelance crew, sign a production's release or deal memo here from the link they were sent, on a phone or a computer, without an account. They read the whole document first, and once signed, the production receives a sealed PDF with an audit record of who signed and when.",
  },
};

export function AreaPage({ area }: { area: AreaKey }) {
  const { title, description } = AREAS[area];
  // Someone who followed a link can tell which record it points at.
  const params = useParams();
  const reference = params.id ?? params.proposalId ?? params.submissionId;
  return (
    <div className="max-w-3xl">
      <PageHeader title={title} />
      <p className="text-base leading-relaxed text-zinc-700 dark:text-zinc-300">{description}</p>
      {reference && <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">Reference: {reference}</p>}
    </div>
  );
}
