import type { GuideChapter } from "./types.ts";

export const budgets: GuideChapter = {
  slug: "budgets",
  title: "Budgets and Their Approval",
  summary:
    "Building a budget line by line on the school's chart of accounts, submitting it for approval, deciding on it from the e-mailed link, and tracking what is really spent.",
  sections: [
    {
      id: "building",
      heading: "Building a budget",
      blocks: [
        {
          p: "Every project has a **Budget** tab. Anyone signed in can read it; the crew, staff and admins can change it. Amounts are in the school's currency, and every total is worked out to the cent, never rounded along the way.",
        },
        {
          steps: [
            "Open the project and choose the **Budget** tab.",
            "Choose **Add line**. Pick the **Account** (for example 2100 Camera; a new line has none until you pick one, and is not saved without it), write the **Description**, the **Quantity** (2.5 is fine), the **Units** (days, weeks, flat or each), the **Rate** and any **Notes**. The amount appears as you type.",
            "Press **Enter** on the last line to add the next one, or use the arrow keys to move up and down a column. **Duplicate** copies a line below itself.",
            "**Delete** removes a line at once; choose **Undo** in the message that appears if that was a mistake.",
            "Set the **Contingency** percentage, then choose **Save budget** or press **Ctrl+S** in any field (the contingency too).",
          ],
        },
        {
          p: "What you type is kept as you go: a moment after you pause it is saved as the crew's **draft**, and the status beside the contingency says **Unsaved changes…**, **Saving…** and then **All changes saved**. Switch tabs, go Home or reload: the lines are still there. The rest of the crew sees the draft too, its lines marked **Draft** with who edited it last. The draft becomes a budget version only when someone chooses **Save budget**.",
        },
        {
          p: "**Numbers** are typed the way you write them: 12.50 and 12,50 are both twelve and a half, and 1,234.50, 1.234,50 and 1 234,50 all work. When you leave a field it shows the number as the portal read it, in the school's number format (an administrator sets it in [Settings](/settings)). A number that could be read two ways, such as 1,250 (twelve hundred and fifty, or one and a quarter), is never guessed: a message beside the field asks you to type 1250 or 1.25, and nothing is saved until you do. The same goes for an expense's amount and an equipment item's value.",
        },
        {
          p: "The chart of accounts is the school's: **above the line** are story and rights, producer, director and cast; **below the line** are production staff, camera, grip and electric, sound, art, wardrobe and make-up, locations, transport, catering, equipment rental, post-production, music, festival and delivery, and insurance. The **Top sheet** under the lines adds them up by account and category, then the contingency and the total.",
        },
        {
          note: "If a crew member changed the draft or saved the budget while you were typing, your typing is not saved over theirs: a message names them, your lines stay on screen, and you choose **Keep my lines** or **Load theirs**. If someone else saved the budget after you opened it, your save is not made: a message says so and your edits stay on screen. Choose **Load their version** to start again from what they saved.",
        },
        {
          p: "**Top sheet CSV**, **Detail CSV** and **PDF** download the budget for a spreadsheet or the production office.",
        },
      ],
    },
    {
      id: "fringes",
      heading: "Fringes and globals",
      blocks: [
        {
          p: "**Fringes** are the charges that come on top of wages, as in Movie Magic Budgeting: payroll tax, holiday pay, a union rate. You define them once for the budget and choose on each labour line which ones it pays. Labour lines are those in the producer (1200), director (1300) and cast (1400) accounts above the line, and production staff, camera, grip and electric, sound, art, and wardrobe and make-up (2000 to 2500) below it; other lines show a dash.",
        },
        {
          steps: [
            "On the **Budget** tab, under **Fringes and globals**, choose **Add fringe**.",
            "Give it a name (**Payroll tax**), choose **% of the line** or **Flat per line**, and type the percentage (12.5 or 12,5) or the amount. A **Cap per line** is optional: the fringe never adds more than that to one line.",
            "On a labour line, choose **Fringes** in the Fringes column and tick the fringes it pays. The column shows what they add to the line.",
          ],
        },
        {
          p: "The **Top sheet** shows what the fringes add under each account, and all of them in their own **Fringes** row before the subtotal; the contingency is worked out on lines and fringes together. A percentage is rounded to the cent once per line and fringe. The approver's page, the PDF and the CSV downloads show the fringes too.",
        },
        {
          p: "**Globals** are named numbers used by many lines, such as **SHOOT_DAYS** = 4 or **WEEKS** = 2. Choose **Add global**, give its name (capitals, digits and _) and its value, then type the name into a line's **Quantity** instead of a number: the line shows the value under the name. Change the global and every line using it changes; renaming it renames it in those lines. A name that is not a global is refused with a message, and nothing is saved until it is fixed.",
        },
        {
          note: "Fringes and globals are part of the draft, kept as you type like the lines, and frozen with the lines when you submit a version. Deleting a fringe takes it off every line.",
        },
      ],
    },
    {
      id: "history-versions",
      heading: "A line's history and versions side by side",
      blocks: [
        {
          p: "Every save of the budget keeps what it did to each line: who saved, when, and the line before and after. Choose the **History** button (the clock) at the end of a saved line, or Tab to it and press Enter: **History of line 3** lists every change, newest first, with the old and new **Description**, **Quantity**, **Rate** and **Amount** side by side. A line that was deleted keeps its history too; typing in the draft is not history until **Save budget**.",
        },
        {
          steps: [
            "Once a version was submitted, the **Budget** tab shows **Compare versions** under the proposals.",
            "Choose a version in **Compare** (a submitted version, or the budget **Saved now**) and another in **with**.",
            "**What moved** lists every account that changed with both amounts and the difference, then the contingency and the **Total**. **Lines that differ** puts each added, removed or changed line beside its other version.",
          ],
        },
        {
          p: "In the demo, The Weight of Water's supervisor asked for changes to version 1: compare **Submitted version 1** with **Saved now** to see the DoP's raise and the harbour's mooring fee, and open the DoP line's **History**.",
        },
      ],
    },
    {
      id: "approval",
      heading: "Submitting and approval",
      blocks: [
        {
          steps: [
            "Save the budget, then under **Submit for approval** leave **Approver's e-mail** empty to send it to the project's supervisor, or give another address (a producer outside the school, for instance).",
            "Add a **Note to the approver** if it helps, and choose **Submit budget**.",
          ],
        },
        {
          p: "Submitting freezes the saved budget as a numbered version, with its totals and a fingerprint of the version: any change makes a new one, so it shows nothing was changed afterwards. The draft stays editable for the next round. Submitting a new version withdraws one still waiting.",
        },
        {
          p: "The approver receives an e-mail with a link. Someone with an account who is signed in goes straight to the approval in the portal; anyone else opens the same page with the link alone, no account needed. The page shows the top sheet, every line, and what changed since the last approved version.",
        },
        {
          list: [
            "**Approve** accepts the budget and ticks **Budget approved** on the greenlight checklist.",
            "**Request changes** sends it back with a comment saying what should change.",
            "**Reject** declines it, with a comment saying why.",
          ],
        },
        {
          p: "Each button asks first and says what happens (for **Approve**: the crew is told and the budget becomes the approved version); **Cancel** changes nothing. A signed-in approver also gets a link to the project.",
        },
        {
          p: "The approver gives their name; the decision is recorded with its time and where it was made from, and is final. The crew is told at once in the portal and by e-mail. The approver can download the decision as a PDF.",
        },
        {
          note: "A link works for one decision and expires after the number of days the school set (14 unless changed). An expired, used or mistyped link says so and shows nothing of the budget; ask the crew to submit again for a new link.",
        },
        {
          table: {
            head: ["State", "Meaning"],
            rows: [
              ["Pending", "Waiting for the approver"],
              ["Approved", "Accepted; the greenlight item is ticked"],
              ["Changes requested", "Sent back with a comment"],
              ["Rejected", "Declined with a reason"],
              ["Withdrawn", "Taken back by the crew, or replaced by a newer version"],
            ],
          },
        },
        {
          p: "Staff can let a project's budgets skip approval under **Approval bypass (staff)**, with a written reason; administrators can do the same for the whole school in [Settings](/settings). A budget submitted under a bypass is approved at once, and who bypassed and why stays on its record: it reads as approved by the staff member who set the project's bypass, or by the school's approval bypass, never by the student who submitted it. Pending approvals are listed on the [Admin Dashboard](/admin).",
        },
      ],
    },
    {
      id: "actuals",
      heading: "Actuals: what is really spent",
      blocks: [
        {
          p: "Under **Actuals**, record each expense against the budget line it belongs to: choose the **Budget line**, say **What was bought**, the **Amount** and the **Date**, add the **Receipt** if you have it, then **Record expense**.",
        },
        {
          list: [
            "A receipt is a PDF, JPEG, PNG or HEIC file (a phone photo is fine) up to the school's upload limit. The portal checks what the file really contains; a file of another kind is refused with a message saying so.",
            "**Attach receipt** adds one to an expense later; **Replace receipt** swaps it for a better scan; **Delete receipt** removes it and keeps the expense.",
            "Select the file name to open the receipt in a new tab. A HEIC photo is downloaded instead, as most browsers cannot show it.",
            "Receipts are seen by the crew, staff and admins only.",
          ],
        },
        {
          p: "The variance (budget minus actual) is shown per line, per account, per category and in total; anything over budget is marked in red and says “over budget”. Two charts compare the budget with the spending by category (above and below the line) and by account; the tables under them give the same figures.",
        },
        { note: "Deleting an expense asks first, and deletes its receipt with it." },
        {
          note: "A line with expenses recorded against it cannot be deleted from the budget; delete its expenses first.",
        },
      ],
    },
    {
      id: "templates",
      heading: "Starting a budget from the course template or the schedule",
      blocks: [
        {
          p: "Each course keeps a **Budget template** on its page under [Courses](/courses): the lines its projects usually need, with the school's rates, and its **fringes** (Payroll taxes 7.65 %, Holiday pay 8 %) and **globals** (SHOOT_DAYS = 5), edited as on a budget. The course's teachers and admins add lines with **Add template line** (account, description, quantity or a global's name, units, rate, and the fringes of a labour line) and keep them with **Save budget template**; its students can read it.",
        },
        {
          p: "On a project's **Budget** tab, two buttons fill the sheet (**Start from…** while it is empty, **Add from…** once it has lines):",
        },
        {
          list: [
            "**the course template** puts the template's lines on the sheet with its fringes and globals: a line on SHOOT_DAYS stays on it, and the fringes are ticked on the lines as in the template, so the top sheet's **Fringes** row shows them at once.",
            "**the schedule** adds a line per crew and cast member for the shoot days, at the day rate (and fringes) of the template line whose description names their role (“Sound recordist day rate”) or “Cast”, else at 0 for you to fill; and a line per reserved model at the equipment room's **rental day rate** × the days reserved (every 24 hours begun is a day). Gear without a rate is at 0 and named under the buttons.",
          ],
        },
        {
          note: "The lines are only added to the draft, after the ones you typed, which never change: a line with the same account and description as one on the sheet is skipped and named. **Undo** on the message takes the addition back; check the rates, then **Save budget**. A fringe or global of the same name as one on the sheet keeps the sheet's value.",
        },
        {
          p: "The equipment office keeps each item's **Rental day rate** in the item's form (empty: none), typed in the school's format (12,50 where the comma is the decimal); **The same day rate for every unit of this model** sets it on all units of the brand and model at once. In **Equipment Administration → By model**, choose a model: **Rental day rate of …** sets the rate of the whole model in one field, and says when its units have different rates; the inventory's CSV carries the rate in its **rental_day_rate** column.",
        },
      ],
    },
  ],
};
