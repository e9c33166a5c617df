import type { GuideChapter } from "./types.ts";

export const safety: GuideChapter = {
  slug: "safety",
  title: "Hazards and safety approvals",
  summary:
    "What a confirmed safety flag asks of a production: each hazard's paperwork with its approver and due date, the shoot day it blocks until approved, the approver's decision, the reminders, flagging a hazard by hand, and the school's table of hazards.",
  sections: [
    {
      id: "requirements",
      heading: "From a safety flag to its paperwork",
      blocks: [
        {
          p: "When someone confirms a safety flag on the **Breakdown** tab (a knife in scene 1, say), the school's table of hazard kinds says what that hazard requires: for weapons, a **Weapons plan** (a risk assessment) and an **Armourer's licence** (a permit). Each requirement appears on the project's **Safety** tab, with the category of document it needs, who approves it, and its lead time.",
        },
        {
          p: 'A requirement is due its lead time before the **first shoot day of the scene**, in calendar days or in business days (Monday to Friday) as the school set it. While the scene is not on the stripboard, the tab says "due 14 days before the shoot"; once it is scheduled, the date is shown, and moving the scene to another day moves the date with it.',
        },
        {
          p: "Where the script's words do not show a hazard (a fall the action lines leave out, or a hazard the school added to its own list), flag it by hand: on the **Breakdown** tab, under **Safety flags**, choose the **Scene** and the **Hazard** and choose **Flag by hand**. It asks for the same paperwork as a confirmed suggestion. **Remove** on a confirmed flag takes it off again.",
        },
        {
          note: "Dismissing or removing a confirmed flag (the knife was cut from the script) withdraws its requirements still open. Approved ones, and every decision, stay on the record.",
        },
      ],
    },
    {
      id: "blocked",
      heading: "A blocked shoot day",
      blocks: [
        {
          p: 'Until all of a scene\'s requirements are approved, the shoot day that has the scene is **blocked**: the stripboard and the call sheet say so in red ("blocked: weapons plan due 3 Dec"), the call sheet cannot be sent, and the production overview marks the project. The greenlight checklist\'s "Safety plan" item of the flag ticks itself once every requirement is approved.',
        },
      ],
    },
    {
      id: "attach",
      heading: "Attaching the document (the crew)",
      blocks: [
        {
          steps: [
            "Open the project's **Safety** tab.",
            "On the requirement, choose one of the project's documents of the required category and choose **Attach**, or choose **Upload and attach** to file a new one in the project's documents and attach it at once.",
            "The requirement now waits for a decision, and its approver gets a notification and an e-mail with a link to the Safety tab (each time a document is attached). If the approver asks for changes, attach the corrected document the same way.",
          ],
        },
      ],
    },
    {
      id: "decide",
      heading: "Deciding a requirement (the approver)",
      blocks: [
        {
          p: "The approver is set per requirement by the school: any staff member, the administrators, or a named person such as the school's safety officer. Administrators can always decide, for when the approver is away. On the Safety tab, a requirement waiting for you shows **Your decision**: **Approve**, **Ask for changes** or **Refuse**, with a comment (needed unless you approve). Choose **Record decision**.",
        },
        {
          p: "Every step, the document attached, each decision with its comment, who and when, is listed under the requirement's **History**.",
        },
      ],
    },
    {
      id: "reminders",
      heading: "Reminders",
      blocks: [
        {
          p: "Seven days and two days before a requirement is due, and once when it is late, the project's owner, leads and producers and its approver get a notification and an e-mail (for a staff approval, the project's supervisor). Each is sent once; moving the scene to another day earns new ones. Turn them off under **Safety approvals** in Settings.",
        },
      ],
    },
    {
      id: "kinds",
      heading: "The school's hazard kinds (administrators)",
      blocks: [
        {
          p: "The school starts with weapons, stunts, water, fire, vehicles, drones, animals, heights, minors and intimacy, each with its requirements. Administrators change them in **Settings**, under **Hazards and their paperwork**: rename a hazard, **Add a hazard** or **Remove hazard**, and for each requirement its name, its **Document category**, who it is **Approved by** (staff, the administrators, or a named staff member) and its **Lead time** in calendar or business days (Ithaca's 21 business days, for instance). Choose **Save hazard kinds**. A lead time is a whole number of days from 0 to 120; anything else is refused with the reason.",
        },
        {
          note: "A change applies to flags confirmed or set by hand afterwards; requirements already on a project keep what they were asked with, so a production's paperwork never changes under it.",
        },
      ],
    },
  ],
};
