import type { GuideChapter } from "./types.ts";

export const overview: GuideChapter = {
  slug: "production-overview",
  title: "The Production Overview and the Admin Dashboard",
  summary:
    "Every production on one board by phase, what holds each one up, the coming weeks' shoots, a CSV export, your shoots in your own calendar, and the dashboard for staff and administrators.",
  sections: [
    {
      id: "board",
      heading: "The board",
      blocks: [
        {
          p: "Open [Production Overview](/production-overview) from the navigation. Everyone signed in sees every production of the school, one column per phase: **Development**, **Pre-production**, **Production**, **Post-production** and **Completed**. The number at the top of a column counts its productions under the filters you chose.",
        },
        {
          p: "Each card shows the title (choose it to open the project), the type and course, the supervisor, the lead members of the crew, the next planned shoot day, and how much of the greenlight checklist is ticked.",
        },
        {
          p: "A column shows its first 50 productions; **Show more** under it brings the next ones.",
        },
      ],
    },
    {
      id: "blockers",
      heading: "Blockers",
      blocks: [
        {
          p: "A red **blockers** line on a card says how many things hold the production up; open it to read each reason:",
        },
        {
          list: [
            "**Greenlight:** an item of the school's greenlight checklist that is not ticked yet. These count only until the production reaches the production phase; afterwards they no longer block anything.",
            "**Overdue since …:** a milestone whose due date has passed without being marked done.",
          ],
        },
        {
          p: "Blockers are cleared where they arise: tick the checklist item or mark the milestone done on the project's page, and the card follows at once.",
        },
      ],
    },
    {
      id: "filters",
      heading: "Filtering",
      blocks: [
        {
          p: "Above the board, narrow the productions by **Search** (title, logline or course), **Type**, **Course**, **Supervisor** and **Phase**. The filters apply to the board, the timeline and the CSV export alike, and they are kept in the page's address: bookmark it or send it to a colleague to share the same view. **Clear filters** shows everything again. On a phone only the search box shows; the other filters open under the **Filters** button, whose number counts the filters in use.",
        },
      ],
    },
    {
      id: "move",
      heading: "Moving a production to another phase",
      blocks: [
        {
          steps: [
            "On the production's card, open **Move to…** and choose the new phase. On a computer you can also drag the card onto another column.",
            "Write why the phase changes. The reason is kept in the project's phase history and the crew is told.",
            "Choose **Move**.",
          ],
        },
        {
          p: "The crew of a production, staff and administrators may move it; other people see the card without **Move to…**.",
        },
        {
          p: "Moving into production needs the greenlight checklist complete. If it is not, the portal says which items are missing and nothing moves. Staff and administrators then see an **Override reason** field: writing why (at least 10 characters) and choosing **Move past the checklist** moves the production anyway, and the override is recorded with the reason.",
        },
      ],
    },
    {
      id: "timeline",
      heading: "The timeline of shoots",
      blocks: [
        {
          p: "Under the board, **Shoots in the coming 6 weeks** has a row for each production with a shoot planned from today on, and a bar over its shoot days. The red line marks today. On a phone, swipe the timeline sideways to see the later weeks. Shoot dates are set on each project's page.",
        },
      ],
    },
    {
      id: "export",
      heading: "Exporting to a spreadsheet",
      blocks: [
        {
          p: "**Export CSV** downloads the productions under the current filters as a file named with today's date (productions-2026-10-15.csv, say) that any spreadsheet opens: title, type, phase, course, academic year, supervisor, leads, shoot start and end, greenlight ticked and total, and the blockers.",
        },
        {
          note: "A cell that begins with =, +, - or @ starts with an apostrophe in the file, so that a spreadsheet shows it as text and never runs it as a formula.",
        },
      ],
    },
    {
      id: "ical",
      heading: "Your shoots in your own calendar",
      blocks: [
        {
          p: "**iCal feed** gives you a private address to subscribe to in Google Calendar, Apple Calendar or Outlook. It lists the shoot days of every production you are on the crew of or supervise, as all-day events, and your calendar app keeps them up to date.",
        },
        {
          steps: [
            "Choose **iCal feed**, then **Make my feed URL**.",
            "Choose **Copy** next to the address.",
            "In your calendar app, add a calendar from a URL (sometimes called a subscription) and paste the address.",
          ],
        },
        {
          p: "The address is secret: anyone who has it can see those shoot days, without signing in. The portal shows it only when it is made. If you lose it, or fear someone else has it, choose **Make a new feed URL**: the old address stops working at once.",
        },
      ],
    },
    {
      id: "dashboard",
      heading: "The admin dashboard",
      blocks: [
        {
          p: "[Admin](/admin) is for staff and administrators; other people see a short note instead. It gathers the school's state on one page:",
        },
        {
          list: [
            "**Productions by phase**: how many productions are in each phase; choose a phase to see them on the board.",
            "**Shoots this week**: the productions shooting between Monday and Sunday of this week.",
            "**Pending approvals**: budgets waiting for approval, equipment reservations to confirm and documents waiting for a signature will appear here as those features arrive. Until then the card says so.",
            "**Notification jobs**: how many e-mails are queued, being sent, and dead (given up after every attempt), with the latest dead ones and their error.",
            "**People by role**: active and deactivated accounts of each role.",
            "**Recent activity**: the latest changes to projects and the latest entries of the audit log, newest first.",
          ],
        },
        {
          p: "An administrator can choose **Retry** next to a dead job: it is queued again with a fresh set of attempts, and the retry is written to the audit log. Fix the cause first (for example the mail server's settings), or the job will die again.",
        },
      ],
    },
  ],
};
