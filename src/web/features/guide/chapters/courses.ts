import type { GuideChapter } from "./types.ts";

export const courses: GuideChapter = {
  slug: "courses",
  title: "Courses and rosters",
  summary:
    "For administrators and staff: the school's courses by term, their teachers and students, linking projects to a course, importing a class list from Canvas or Moodle, and a course's own greenlight checklist and deadlines.",
  sections: [
    {
      id: "who",
      heading: "Who sees what",
      blocks: [
        {
          p: "[Courses](/courses) lists the courses of the school. Staff and administrators see every course and run them: they create courses, name their teachers and import their rosters. Students see the courses they take, and teachers the ones they teach.",
        },
        {
          p: "A course has a **code** (such as FILM-201), a **title**, a **term** (such as 2026 Autumn), its teachers, its students and the project types it runs. A code names one course per term; next term the same code is a new course.",
        },
      ],
    },
    {
      id: "create",
      heading: "Creating a course",
      blocks: [
        {
          steps: [
            "Open [Courses](/courses) and choose **New Course**.",
            "Give the **Code**, the **Term** and the **Course title**, tick its **Teachers** (staff) and the project types the course runs.",
            "Choose **Create Course**. The course opens below the list, ready for its roster.",
          ],
        },
        {
          p: "To change a course's code, term, title, teachers or project types, open it and choose **Edit Course**. Projects linked to the course follow a new code.",
        },
      ],
    },
    {
      id: "roster",
      heading: "Importing a roster from Canvas or Moodle",
      blocks: [
        {
          p: "Export the class list from your learning platform as CSV and upload it as it is: the portal reads the Canvas gradebook export (columns **Student** and **SIS Login ID**), the Canvas people export (**Name** with **Login ID** or **Email**) and the Moodle participants export (**First name**, **Last name** or **Surname**, **Email address**), whatever the order of the columns, with commas or semicolons, saved by Excel on Windows or not.",
        },
        {
          steps: [
            "Open the course and, under **Import Roster**, choose the file under **Class list (CSV)**.",
            "Choose **Preview Import**. Nothing changes yet: you see who would be **Added**, who would be **Invited (no account yet)**, who would be **Dropped** (on the course now, missing from the file), and the **Rows with problems** with their row numbers and why.",
            "Choose **Apply Import**, or **Cancel** to change nothing.",
          ],
        },
        {
          list: [
            "People are matched by e-mail address. In Canvas, the SIS login is used when it is an e-mail address, otherwise the e-mail column.",
            "Someone with no account gets an invitation (as a student) and is on the course at once, by e-mail; their account joins the course when they accept.",
            "A dropped student keeps their history and projects, but leaves the course's lists. If a later file names them again, they rejoin.",
            "Teachers in a Moodle or Canvas export are left out of the roster: a course's teachers are chosen on the course.",
            "Importing the same file again changes nothing.",
          ],
        },
        {
          note: "A file with no usable row is refused rather than dropping the whole class. Schools that script their imports can send the same file, or a list of e-mail addresses, to POST /rest/v1/courses/{id}/roster (add ?dryRun=true for the preview).",
        },
      ],
    },
    {
      id: "projects",
      heading: "Projects in a course",
      blocks: [
        {
          p: "When a project is created or edited, **School course** links it to one of the courses its creator takes or teaches (staff may pick any). The project then shows the course's code, and if nobody supervises it yet, the course's teacher becomes its supervisor.",
        },
        {
          p: "The [Projects](/projects) list and the [Production Overview](/production-overview) filter by **Course** and by **Term**; the overview's CSV export follows the same filters.",
        },
      ],
    },
    {
      id: "greenlight",
      heading: "A course's greenlight checklist and deadlines",
      blocks: [
        {
          p: "A course can keep its own greenlight checklist, with deadlines counted back from each project's first shoot day: for example the script locked 4 weeks before, the budget approved 3 weeks before, the releases signed 2 weeks before. Its projects show that checklist on their **Greenlight** tab instead of the school's, with a date beside each item. Items a feature adds for one project only (a safety plan, for example) still follow.",
        },
        {
          p: "Until someone edits it, a course follows the school's checklist, and changes to the school's list reach it. The course's teachers and administrators edit it; students and other staff read it.",
        },
        {
          steps: [
            "Open the course. Under **Greenlight Checklist and Deadlines** every item of the school's list is already there.",
            "Rename an item in its field, or choose **Remove**. To add one, type it under **New checklist item** and choose **Add Item**; choose who ticks it under **Who ticks it**.",
            "Type a **Deadline** and choose **weeks** or **days** (before the first shoot day) under **Weeks or days**. Leave the field empty for an item without a deadline; 0 days means on the first shoot day.",
            "Choose **Save Checklist**. The course's projects show the list and their dates at once.",
          ],
        },
        {
          list: [
            "The items the portal ticks by itself (**Budget approved**, **Risk assessment uploaded**, **Location and talent releases signed**) keep doing so when you rename them. An item you add is ticked by hand.",
            "Removing an item deletes nothing: ticks already given stay with the project, and show again if the item comes back.",
            "A project's dates count back from its earliest scheduled shoot day. Until its schedule has a shoot day, the Greenlight tab says so and shows no dates; moving the first shoot day moves every date.",
            "An item not done by its date is marked **Overdue**. The project's owner, its crew leads and its producers are notified 3 days before an item is due and once on the day after, unless it has been ticked by then (see [Notifications](/guide/notifications)).",
            "**Use the School's List** drops the course's own list and its deadlines; the course follows the school's checklist again.",
          ],
        },
      ],
    },
  ],
};
