import type { GuideChapter } from "./types.ts";

export const notifications: GuideChapter = {
  slug: "notifications",
  title: "Notifications",
  summary:
    "What The Portal tells you about and when, the bell and your home page, and which of it also comes by e-mail.",
  sections: [
    {
      id: "what",
      heading: "What you are told about, and when",
      blocks: [
        {
          p: "The Portal tells you about what changes in the productions you are part of, the moment it happens, and never about what you did yourself. Every production, yours or not, is on the [Production Overview](/production-overview).",
        },
        {
          table: {
            head: ["Notification", "When"],
            rows: [
              [
                "You are on the crew",
                "When someone adds you to the crew of a production. Adding yourself, when you create a project, tells nobody.",
              ],
              [
                "Phase changed",
                "When a production whose crew you are on, or which you supervise, moves to another phase, for example from pre-production into production, with the reason given.",
              ],
              [
                "Milestone due",
                "To the crew, once, when a milestone of their production is due within the next 48 hours and nobody has ticked it done. A milestone counts as due at the end of its day.",
              ],
              [
                "Greenlight deadline",
                "To a production's owner, crew leads and producers, when its course sets deadlines for the greenlight checklist: 3 days before an item is due, and once more the day after its date if it is still not done. An item ticked by then is not mentioned again.",
              ],
              [
                "Greenlight override",
                "When staff move a production whose crew you are on into production although its greenlight checklist is not complete, with their written reason.",
              ],
              [
                "Cut reviews",
                "To the crew, when someone leaves a note on a cut of their production (with its timecode), and when the supervisor approves a version or asks for changes (also by e-mail). A reply to your note tells you.",
              ],
            ],
          },
        },
        {
          p: "Milestones are checked every hour. If a milestone's date is moved, the crew is reminded again before the new date; a milestone ticked done before then is not mentioned. The project's activity history shows when a reminder went out. Greenlight deadlines are checked once a day; a moved first shoot day moves the dates, and the reminders follow the new ones.",
        },
      ],
    },
    {
      id: "bell",
      heading: "The bell",
      blocks: [
        {
          p: "The bell at the top of every page, next to your name (on a phone, at the top right), shows how many notifications you have not read yet. The number changes on its own while the page is open: there is no need to reload.",
        },
        {
          steps: [
            "Choose the bell. Your latest notifications open: under the bell on a computer, over the whole screen on a phone. Unread ones are in bold with a dot.",
            "Choose a notification to go to what it is about, usually the project's page. That marks it read.",
            "**Mark all as read** clears the number at once. **Load more** shows older notifications.",
            "Press **Escape** or choose **Close notifications** to close it; you are back on the bell.",
          ],
        },
      ],
    },
    {
      id: "home",
      heading: "Your home page",
      blocks: [
        {
          p: "Your [home page](/) gathers what is yours:",
        },
        {
          list: [
            "**My Projects**: the productions you are on, last changed first, with their phase and next milestone. **All … of my projects** opens the projects list filtered to yours.",
            "**Next Milestones and Shoots**: the next open milestone of each of your productions and their shoots to come, soonest first. Overdue milestones are marked in red, a shoot under way says **Shooting now**.",
            "**Unread Notifications**: the latest ones you have not read. **Open notifications** opens the bell.",
          ],
        },
        {
          p: "Not on a project yet? Create one from the projects list, or ask the producer of a production to add you to its crew: it appears on your home page, and the bell tells you.",
        },
      ],
    },
    {
      id: "email",
      heading: "E-mail and in-app",
      blocks: [
        {
          p: "Every notification is in The Portal, in the bell, for as long as your account exists. Each one is also sent to you by e-mail, unless you turned that kind of e-mail off. The e-mail has a button that opens the same page as the notification.",
        },
        {
          steps: [
            "Open [Settings](/settings#settings-notifications), or choose **Choose which e-mails you get** at the bottom of the bell.",
            "Under **Notifications**, clear the box of each kind you do not want by e-mail, for example **Milestones due**. It is saved at once.",
          ],
        },
        {
          note: "Turning an e-mail off never hides the notification in The Portal: the bell still shows it. E-mails you need to get into your account, such as a password reset or an invitation, are always sent. See [Which e-mails you get](/guide/settings#notifications).",
        },
        {
          p: "A deactivated account gets neither notifications nor e-mail.",
        },
      ],
    },
  ],
};
