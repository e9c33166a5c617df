import type { GuideChapter } from "./types.ts";

export const settings: GuideChapter = {
  slug: "settings",
  title: "Settings",
  summary:
    "Your profile and picture, your password, which e-mails you get, light or dark, and for administrators the school's own settings.",
  sections: [
    {
      id: "open",
      heading: "Finding your settings",
      blocks: [
        {
          p: "Open [Settings](/settings) from the navigation; on a phone it is inside **Menu**. The page has one part after another: **Profile**, **Password**, **Notifications** and **Appearance**. Administrators see a fifth part, **School**, at the bottom.",
        },
        {
          p: "Each part is saved on its own. **Profile**, **Password** and **School** have a button to save them; **Notifications** and **Appearance** save the moment you change them. If The Portal cannot save something, a message says why and what you typed stays in place, so you can correct it and try again.",
        },
      ],
    },
    {
      id: "profile",
      heading: "Your profile",
      blocks: [
        {
          p: "Your profile is how the rest of the school sees you on crews, call sheets, credits and notes.",
        },
        {
          list: [
            "**Full Name**: required, at least 2 characters, as it should appear in credits. Spaces at either end are dropped.",
            "**Phone**: optional, at most 30 characters: digits with spaces and + ( ) - . / such as +49 30 1234567. Your crew can reach you with it on a shoot day. Empty the field and save to remove it.",
            "**Programme** and **Year of study**: asked of students only, for example BA Film Production, year 2.",
          ],
        },
        {
          p: "Choose **Save Profile**. You see **Profile Saved**, and your new name shows at once on your home page and at the top of every page.",
        },
        {
          p: "Your **Email** and your **Role** are shown under the fields but are changed only by an administrator.",
        },
      ],
    },
    {
      id: "picture",
      heading: "Your picture",
      blocks: [
        {
          steps: [
            "Under **Profile**, choose **Choose Picture** (or **Change Picture** if you already have one) and pick an image.",
            "A preview shows in the circle. If it is the right one, choose **Save Picture**; otherwise **Cancel**.",
            "You see **Picture Saved**. Everyone signed in to The Portal may see it beside your name.",
          ],
        },
        {
          p: "The picture must be a **PNG**, **JPEG** or **WebP** image of at most **2 MB**. A square photo of your face works best. The Portal looks at the file itself, not its name: a file that only claims to be an image is refused with a message saying so.",
        },
        {
          p: "To take your picture down, choose **Remove Picture** and confirm. Your initials show in its place.",
        },
      ],
    },
    {
      id: "password",
      heading: "Changing your password",
      blocks: [
        {
          p: "Under **Password**, type your **Current Password**, then the **New Password** (at least 6 characters) and the same again under **Confirm New Password**, and choose **Change Password**.",
        },
        {
          p: "You stay signed in on the device you are using, and every other device is signed out. If you change it because someone else may know the old one, they are out at once. Forgotten your current password? Sign out and use **Forgot your password? Reset it** on the sign-in screen (see [A forgotten password](/guide/accounts#forgotten-password)).",
        },
      ],
    },
    {
      id: "notifications",
      heading: "Which e-mails you get",
      blocks: [
        {
          p: "Under **Notifications** there is one box for each kind of e-mail. A ticked box means you get that e-mail; clear it to stop them. The change is saved straight away, and a line under the boxes confirms it.",
        },
        {
          table: {
            head: ["Box", "The e-mail is sent"],
            rows: [
              ["Added to a crew", "When someone adds you to the crew of a production."],
              ["Phase changes", "When a production you are part of moves to another phase."],
              ["Milestones due", "48 hours before a milestone of your production is due and not yet done."],
              [
                "Greenlight overrides",
                "When staff move a production of yours into production without a complete greenlight checklist.",
              ],
              ["Budgets", "When a budget you wrote or must approve is submitted, approved or sent back."],
              [
                "Equipment",
                "When a reservation of yours is confirmed, refused, due back or overdue, or a request window you asked in is drawn, moved or cancelled.",
              ],
              ["Signatures", "When a document waits for your signature or has been signed by everyone."],
            ],
          },
        },
        {
          note: "These boxes only decide about e-mail. The bell in The Portal still shows every notification, and e-mails you must have to get into your account, such as a password reset or an invitation, are always sent.",
        },
      ],
    },
    {
      id: "appearance",
      heading: "Light or dark",
      blocks: [
        {
          p: "Under **Appearance**, choose a **Theme**:",
        },
        {
          list: [
            "**System**: follows the light or dark setting of the device you are using, and changes with it (many phones turn dark in the evening).",
            "**Light**: dark text on light backgrounds, always.",
            "**Dark**: light text on dark backgrounds, always; easier on the eyes in a dark edit suite or on set at night.",
          ],
        },
        {
          p: "The page changes at once, and so do your other open tabs. The choice is kept with your account, so The Portal looks the same the next time you sign in on another computer or your phone.",
        },
      ],
    },
    {
      id: "school",
      heading: "The school's settings (administrators)",
      blocks: [
        {
          p: "Administrators see the **School** part at the bottom of the page. What is set here applies to everybody, so think twice and save once: **Save School Settings** saves the whole part together, and each save is written to the audit log in [User Management](/user-management) with what changed and who changed it.",
        },
        {
          list: [
            "**School name**: 2 to 120 characters, shown across The Portal.",
            "**Currency**: the currency every budget of the school is kept in, chosen from the list (EUR, USD, GBP, CHF, JPY and many more). Changing it does not convert amounts already entered.",
            "**Number format**: the **Decimal separator** (point or comma) and **Thousands separator** (comma, point, space, apostrophe or none) amounts are written with, such as 1,234.50 or 1.234,50; **Take the format of a locale** fills both in. People may type 12.50 or 12,50 either way; a number that could be read two ways, like 1,250, is refused with a message rather than guessed. The e-mails and PDFs the portal sends (a budget for approval, its decision record, a call sheet) write amounts, dates and times the same way as the pages; only CSV exports keep plain 1234.50, so a spreadsheet reads them back.",
            "**Budget approval bypass**: when on, a submitted budget counts as approved at once, without a staff member's approval. Use it only when budgets are approved outside The Portal, for example during a workshop week, and turn it off again afterwards.",
            "**Approval link lifetime (days)**: how long a link e-mailed for a budget approval or a signature keeps working, 1 to 90 days.",
          ],
        },
      ],
    },
    {
      id: "greenlight-checklist",
      heading: "Editing the greenlight checklist (administrators)",
      blocks: [
        {
          p: "The greenlight checklist is what every production needs done before it may move into production. The school starts with six items: supervisor sign-off, budget approved, crew complete, risk assessment uploaded, location and talent releases signed, and insurance. The list holds 1 to 20 items.",
        },
        {
          p: "Each item has a name (2 to 80 characters), where it is **Ticked from** and **Who ticks it**:",
        },
        {
          table: {
            head: ["Ticked from", "Means"],
            rows: [
              [
                "Ticked by hand",
                "A person ticks it on the project page: the supervisor, any staff member or a crew member, as you choose under **Who ticks it**.",
              ],
              ["Budget approval", "The Portal ticks it when the production's budget is approved."],
              ["Signed releases", "The Portal ticks it when the location and talent releases are signed."],
              ["Uploaded document", "The Portal ticks it when the document is uploaded to the project."],
            ],
          },
        },
        {
          steps: [
            "To add an item, type its name under **New checklist item** and choose **Add Item** (or press Enter). It is added at the end, ticked by hand by staff; change that if needed.",
            "To rename an item, type over its name.",
            "To change the order, use **Up** and **Down** beside an item. The order is the order productions see.",
            "To remove an item, choose **Remove** and confirm. A list always keeps at least one item.",
            "Choose **Save School Settings**. Nothing changes for productions until you do.",
          ],
        },
      ],
    },
    {
      id: "equipment-rules",
      heading: "Equipment booking rules (administrators)",
      blocks: [
        {
          list: [
            "**Notice (hours)**: how far ahead a reservation must be made, 0 to 720 hours (0 means it may start at once).",
            "**Longest booking (days)**: the longest a reservation may run from pick-up to return, 1 to 180 days.",
            "**Strike limit**: how many late or damaged returns a person may have before their booking is paused, 1 to 20.",
            "**Equipment waits for the greenlight**: **Never**; **At reservation**, equipment can be reserved only for a production whose greenlight checklist is complete; or **At check-out**, a production may reserve before that, but the desk hands nothing out to it until the checklist is done.",
          ],
        },
      ],
    },
    {
      id: "conflict",
      heading: "When another administrator saved first",
      blocks: [
        {
          p: "Two administrators may have the page open at once. If someone else saved the school settings after you opened them, your save is not made, so that neither of you silently undoes the other's change. A yellow box says **Someone else changed these settings while you were editing them**; what you typed stays in the form.",
        },
        {
          p: "Choose **Load Their Settings** to see the settings as they are now, then make your change again and save. Reload the page first if you would rather note down your own values.",
        },
      ],
    },
  ],
};
