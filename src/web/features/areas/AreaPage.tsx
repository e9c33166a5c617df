import { useParams } from "react-router";
import { PageHeader } from "../../components/ui/PageHeader.tsx";

export type AreaKey =
  | "equipmentAdmin"
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
  equipmentAdmin: {
    title: "Equipment Administration",
    description:
      "The equipment office's desk: the inventory of cameras, lenses, sound and lighting kit with serial numbers, condition and certifications; reservations that can never double-book an item; check-out and check-in at the counter; and reminders for gear that comes back late. Students see what they have booked for their shoot days and when it is due back.",
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
