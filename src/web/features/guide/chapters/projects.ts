import type { GuideChapter } from "./types.ts";

export const projects: GuideChapter = {
  slug: "projects",
  title: "Projects and Crews",
  summary:
    "Starting a project, its crew and their roles, milestones, the greenlight checklist and phase changes, documentary details, and editing safely when two people edit.",
  sections: [
    {
      id: "create-project",
      heading: "Starting a project",
      blocks: [
        {
          p: "Every film of the school lives in [Projects](/projects). Anyone signed in can read every project; its crew, staff and admins can change it.",
        },
        {
          steps: [
            "Open [Projects](/projects) and choose **New Project**.",
            "Give the **Title**, the **Type** (fiction, documentary, experimental, animation, music video or other), the **Course** and the **Academic year**, written like 2026/27.",
            "Add what you already know: the **Logline**, the **Target runtime (minutes)**, the **Format**, the planned **First shoot day** and **Last shoot day**, and the **Supervisor** if one has been agreed.",
            "Tick **Your roles on this film**, for example Director and Writer, and choose **Create Project**.",
          ],
        },
        {
          p: "You become the project's first **lead** and land on its page. If something is missing or wrong, a message says what and everything you typed stays in the form.",
        },
        {
          p: "The list can be searched by title, logline, course or crew and filtered by type, phase, course, supervisor and year. The filters are part of the address, so a filtered list can be bookmarked or sent to someone, and Back returns to the previous filter. On a phone the filters and the sort fold under the **Filters** button, whose number counts the filters in use, so the first projects show at once.",
        },
      ],
    },
    {
      id: "crew",
      heading: "Crew and roles",
      blocks: [
        {
          p: "The **Crew** tab lists who works on the film, with their film roles. A person may hold several roles, such as Editor and Colourist. A **Lead** is the person the school talks to about the film; every project keeps at least one, so the last lead cannot be removed or stop being a lead until someone else is made a lead.",
        },
        {
          p: "Choose **Edit Roles** to change someone's roles or lead flag, and **Remove** to take them off the crew (you are asked to confirm). Administrators add people by searching the school directory by name or e-mail; if you are not an administrator, send the person's name, e-mail and roles to your supervisor or the production office. Whoever is added is told by e-mail.",
        },
      ],
    },
    {
      id: "milestones",
      heading: "Milestones",
      blocks: [
        {
          p: "The **Milestones** tab holds the steps to delivery: script lock, casting, the first shoot day, picture lock. Add one with its name and **Due date**; tick it when it is done; change its date in place; delete it with **Delete** after confirming.",
        },
        {
          p: "A milestone past its due date and not done is marked **Overdue** and counts as a blocker of the project in the lists and the production overview.",
        },
      ],
    },
    {
      id: "greenlight",
      heading: "The greenlight checklist and phase changes",
      blocks: [
        {
          p: "A film goes through development, pre-production, production, post-production and completed. The **Greenlight** tab shows the school's checklist that must be complete before a film moves into production, with who ticked each item and when.",
        },
        {
          list: [
            "**Supervisor sign-off** is ticked by the project's supervisor or an admin.",
            "**Insurance** is ticked by staff.",
            "**Crew complete** is ticked by the crew.",
            "**Budget approved**, **Risk assessment uploaded** and **Location and talent releases signed** are ticked by the budget and documents parts of the portal when the approval, upload or signatures happen, not by hand.",
          ],
        },
        {
          p: "A project of a course that keeps its own checklist shows that course's items instead, with the date each is due, counted back from the project's first shoot day, and **Overdue** beside the items whose date has passed. Until a shoot day is scheduled the tab says so and shows no dates. See [Courses and rosters](/guide/courses).",
        },
        {
          p: "To change the phase, open the **Phase** tab, choose where it moves in **Move to**, write the **Reason** and choose **Move Phase**. The crew and the supervisor are told, and the change is kept in the phase history with who, when and why.",
        },
        {
          p: "If the checklist is not complete, a move into production is refused and the missing items are listed. A student finishes those items first. Staff and admins are asked for an **Override reason** of at least 10 characters and can choose **Override and Move**; the override is recorded and the crew is told.",
        },
      ],
    },
    {
      id: "documentary",
      heading: "Documentary details",
      blocks: [
        {
          p: "Documentaries have three more tabs. **Participants** records each person in the film and their consent: pending, signed, declined or not needed. **Interviews** records the subject, the participant, the date and place and whether it is planned, confirmed, done or cancelled. **Archival sources** records footage and photographs from archives and whether their licence is unknown, requested, licensed, public domain or refused.",
        },
        {
          p: "[Documentary Projects](/projects/documentary) lists every documentary with the participants whose consent is still pending, the interviews still to come and the archive items not yet licensed.",
        },
      ],
    },
    {
      id: "contacts",
      heading: "The production's contacts",
      blocks: [
        {
          p: "The **Contacts** tab keeps the people and firms the production works with from outside the crew: cast, crew, vendors, locations and others, each with a role or company, phone, e-mail and notes. The crew add them with **Add Contact**, change them with **Edit** and take them off with **Remove**. The supervisor, staff and admins read the list; nobody else sees it.",
        },
        {
          p: "The contacts are reused: in the **Documents** tab, **Send for Signature** has **From contacts** and **Send to Many** has **Add from contacts**, which fill in a contact's name and e-mail. The Insurance tab's **From contacts** fills a covered location or vendor (see Insurance certificates).",
        },
        {
          p: "Each call sheet lists the day's contacts under **Production contacts**, on the page and in the PDF. Choose **Days** beside a contact to put it on some shoot days, or tick **Every day** (a rental house you may call any day); on a call sheet, **Add a contact to this day** does the same for that day, and a chosen name's button takes it off again. Until any contact has a day, every location and vendor is on every call sheet.",
        },
        {
          p: "In **Days**, a location contact can be linked to a **Scene location** of the script and a cast contact to a **Character**: the contact is then on the call sheet of every day that shoots a scene there, or that the character works, without ticking the days, and follows the stripboard when scenes move. The call sheet says after each name why it is listed (for example “Scenes at HARBOUR FLAT - KITCHEN” or “MOTHER works today”), on the page, in the PDF and in the e-mail; actors outside the crew get the names without the numbers.",
        },
        {
          note: "Students outside the crew who open a call sheet see the contacts' names and roles, never their phone numbers or e-mail.",
        },
      ],
    },
    {
      id: "editing-safely",
      heading: "Editing safely when two people edit",
      blocks: [
        {
          p: "Choose **Edit Details** on the **Overview** tab to change the title, logline, synopsis, runtime, format, shoot dates, locations or supervisor. The portal remembers which version of the project you started from.",
        },
        {
          p: "If someone else saved the project while you were editing, your save is not made. Instead you see **Someone else saved this project while you were editing**, with each field they changed: their value next to yours. Your typing stays in the form. Choose **Load Their Version** to start again from what they saved, or **Save My Changes Over Theirs** to apply the fields you edited on top of their version; their other changes stay.",
        },
        {
          note: "Crew, milestone, greenlight and phase changes never make an open edit form out of date, so you can add a milestone while someone else edits the synopsis.",
        },
      ],
    },
  ],
};
