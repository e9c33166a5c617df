import type { GuideChapter } from "./types.ts";

export const userManagement: GuideChapter = {
  slug: "user-management",
  title: "User Management",
  summary:
    "For administrators: the school's accounts, their roles, deactivating someone who left, inviting new people, and the audit log.",
  sections: [
    {
      id: "who",
      heading: "Who uses this page",
      blocks: [
        {
          p: "[User Management](/user-management) is for administrators. Everyone else who opens it is told that accounts are managed by an administrator; the server refuses their requests in any case, whatever the page shows.",
        },
        {
          p: "The page has three tabs: **People**, **Invitations** and **Audit Log**.",
        },
      ],
    },
    {
      id: "people",
      heading: "Finding people",
      blocks: [
        {
          p: "**People** lists every account, 25 to a page, by name. Type part of a name or an e-mail address in **Search**, or narrow the list with **Role** and **State** (active or deactivated). Each row shows when the person last signed in, or **Never**.",
        },
      ],
    },
    {
      id: "roles",
      heading: "Roles",
      blocks: [
        {
          table: {
            head: ["Role", "What it is for"],
            rows: [
              ["Student", "Creates projects and edits the ones they are on; reads every production of the school."],
              [
                "Staff",
                "Supervises productions, ticks the supervisor's and staff's greenlight items, may override an incomplete greenlight with a written reason, and runs the school's courses and their rosters.",
              ],
              ["Equipment office", "Runs the equipment desk and its inventory."],
              ["Administrator", "Everything above, plus this page and the school's settings."],
            ],
          },
        },
        {
          p: "To change a role, choose another one in the person's **Role** box; it is saved at once and you see **Role changed**. The school always keeps at least one active administrator: the last one cannot be given another role or deactivated. Make someone else an administrator first.",
        },
      ],
    },
    {
      id: "deactivate",
      heading: "Deactivating and reactivating",
      blocks: [
        {
          p: "When someone leaves the school, choose **Deactivate** on their row and confirm. They are signed out at once on every device, cannot sign in again, and no longer appear when crews are put together. Their projects, notes and history stay as they are.",
        },
        {
          p: "**Reactivate** gives them their account back with the same role; they sign in with their old password. You cannot deactivate your own account.",
        },
      ],
    },
    {
      id: "invite",
      heading: "Inviting people",
      blocks: [
        {
          steps: [
            "Open **Invitations**, type the person's e-mail in **E-mail to invite** and choose their **Role**.",
            "Choose **Send Invitation**. They receive an e-mail with a link that works once and for 7 days.",
            "From the link they choose the name others will see and a password, and arrive signed in.",
          ],
        },
        {
          p: "An invitation that was lost or ran out can be sent again with **Resend**: a new link goes out and the old one stops working. **Revoke** stops a link before it is used. An address that already has an account cannot be invited; change that person's role instead.",
        },
        {
          note: "A school without e-mail set up can create accounts from the server's command line: **npm run user -- create**. Those are recorded in the audit log too.",
        },
      ],
    },
    {
      id: "audit",
      heading: "The audit log",
      blocks: [
        {
          p: "Every administrator action is written to **Audit Log**, newest first, with who did it and when: role changes, deactivations and reactivations, invitations sent, resent, revoked and accepted, changes to the school's settings, and accounts made from the command line. Entries cannot be edited or removed.",
        },
      ],
    },
  ],
};
