import type { GuideChapter } from "./types.ts";

export const scheduling: GuideChapter = {
  slug: "scheduling",
  title: "Scheduling the shoot",
  summary:
    "Shoot days, the stripboard with its colours, moving strips with the mouse or the keyboard, page totals, banners (notes, company moves, meal breaks), estimated times, sorting the unscheduled strips, the Day Out of Days, how strips keep their scenes when the script changes, and printing breakdown sheets and the one-liner.",
  sections: [
    {
      id: "days",
      heading: "Shoot days",
      blocks: [
        {
          p: "Open the project and choose the **Schedule** tab. Everyone signed in can read the schedule; the project's crew, staff and admins plan it.",
        },
        {
          steps: [
            "On **Stripboard**, choose **Add shoot day**.",
            "Give the **Date** and the **General call** (when the crew is called), and if you know them the **Location**, **Address**, **Weather** and **Nearest hospital**, and any **Notes**.",
            "Choose **Add shoot day**. Days are numbered in date order: Day 1 is the earliest.",
          ],
        },
        {
          p: "The pencil beside a day edits it; the bin deletes it, and its strips go back to **Unscheduled**. Shoot days appear on the [production overview](/production-overview)'s timeline (a dark mark on the shoot's bar) and in your calendar feed.",
        },
      ],
    },
    {
      id: "strips",
      heading: "The stripboard",
      blocks: [
        {
          p: "Every scene of the project's screenplay is a strip. New strips wait under **Unscheduled**, in script order. A strip shows the scene number, the heading, the speaking characters and the length in eighths of a page, coloured the usual way:",
        },
        {
          table: {
            head: ["Colour", "Scene"],
            rows: [
              ["White", "Interior, day"],
              ["Yellow", "Exterior, day"],
              ["Blue", "Interior, night"],
              ["Green", "Exterior, night"],
            ],
          },
        },
        {
          p: "Each day ends with its day break strip, **End of Day 2**, which adds up its scenes and pages (e.g. **3 scenes · 3 4/8 pages**) and its estimated time against call to wrap. If the project has more than one screenplay, choose which one the board follows under **Screenplay**.",
        },
      ],
    },
    {
      id: "moving",
      heading: "Moving strips",
      blocks: [
        {
          p: "**With the mouse** (or a finger on the grip of a strip): drag a strip onto a day, between two strips, or back to **Unscheduled**. A line shows where it will land.",
        },
        {
          steps: [
            "**With the keyboard**: move to a strip with Tab and press **Space** to pick it up.",
            "**Up** and **Down** move it within its day; **Left** and **Right** carry it to the day before or after (the first column is Unscheduled).",
            "Press **Space** to drop it there, or **Escape** to put it back where it was. A screen reader announces each step.",
          ],
        },
        {
          note: "Every move is saved at once. If someone else moved strips after you opened the board, your move is not applied: you are told who changed it, their board is shown, and you make your move again. Nobody's work is overwritten unseen.",
        },
      ],
    },
    {
      id: "banners",
      heading: "Banners, estimated times and sorting",
      blocks: [
        {
          p: "**Banners** are strips that are not scenes: a **Note**, a **Company move** (from, to, and the travel time if you like) or a **Meal break** (its length). Choose the flag beside a day (**Add a banner to Day 2**), pick the **Kind**, fill it in and choose **Add banner**. It lands at the end of the day; drag it or move it with the keyboard like a strip, to the place it happens. A banner stays in a day: it never goes to Unscheduled. The pencil on a banner edits it, and **Remove banner** removes it. Banners print on the one-liner where they stand.",
        },
        {
          p: "**Estimated time**: each strip shows how long its scene should take to shoot (the clock). Unless someone estimates it, a scene takes **60 minutes a page**, the rule of thumb of student shoots. Choose the time on a strip to type another: minutes (**90**) or hours and minutes (**1:30**), then **Save estimate**; an edited estimate is marked with a star, and **Time from pages** goes back. A day's estimate adds its scenes, meal breaks and moves; with an **Estimated wrap** on the day it is shown against call to wrap, and a day that runs over turns red and shows a warning among the day's checks.",
        },
        {
          p: "**Sorting the unscheduled strips**: under **Sort unscheduled by**, choose **Scene number**, **Location**, **INT/EXT**, **Day/night** or **Cast** (then the character whose scenes come first). The strips are grouped under headings. This browser remembers the choice for the project; it is only a view, and never changes what is scheduled.",
        },
      ],
    },
    {
      id: "script-changes",
      heading: "When the script changes",
      blocks: [
        {
          p: "A strip belongs to its scene number. **Lock the scene numbers** in the screenplay before you schedule (the board reminds you when they are not locked): from then on a new scene becomes an A-scene (12A) and lands under Unscheduled, and every scheduled strip stays on its scene however the script is rewritten. A new scene can be put on a day once the numbers are locked again, which writes its number in; unlocking and locking again never moves a strip.",
        },
        {
          p: "A scheduled scene that is cut from the script stays in its day, struck through and marked omitted, so you notice it and move it out; it cannot be scheduled again.",
        },
      ],
    },
    {
      id: "cast",
      heading: "The cast",
      blocks: [
        {
          p: "**Cast** lists every speaking character of the screenplay by cast ID. Give each the **Actor** who plays it, and if you like their **E-mail** and **Phone**, then choose **Save**. Emptying the actor's name (and the e-mail and phone) takes the actor off the list.",
        },
        {
          p: "**Cast IDs** number the characters 1, 2, 3 … by the order they first speak in the script, as a stripboard does. The producer can set another order (the lead as 1) with the arrows beside each name; characters new to the script then follow by first appearance, and **Number by first appearance** goes back. The strips print their cast as IDs, and the Day Out of Days lists the characters by ID.",
        },
        {
          p: "The actor's name appears under the character on the Day Out of Days and beside the character on the call sheets. An actor with an e-mail address is sent the call sheet of every day their character works, with their own call, like the crew. A character cut from the script stays on the list, marked, while someone is cast in it.",
        },
      ],
    },
    {
      id: "dood",
      heading: "Day Out of Days",
      blocks: [
        {
          p: "**Day Out of Days** lists each speaking character against the shoot days, from the scenes scheduled on them, with the standard codes:",
        },
        {
          table: {
            head: ["Code", "Meaning"],
            rows: [
              ["SW", "Start work: the character's first day"],
              ["W", "Work"],
              ["WF", "Work finish: the last day"],
              ["SWF", "Start, work and finish on a single day"],
              ["H", "Hold: a day off between work days, still on the production"],
              ["D", "Drop: ten or more days off, so the actor is released…"],
              ["PW / PWF", "…and picked up again (and finishing that day)"],
            ],
          },
        },
        {
          p: "The totals give work days, hold days, drops and the days on the production. Plan so that the holds, which are paid or at least blocked, stay few.",
        },
      ],
    },
    {
      id: "print",
      heading: "Breakdown sheets and the one-liner",
      blocks: [
        {
          p: "Above the schedule's views, two links download PDFs to print or share. Everyone who may read the schedule can print them; neither shows an address, a phone number or an e-mail.",
        },
        {
          table: {
            head: ["Link", "What it prints"],
            rows: [
              [
                "**Print breakdown sheets**",
                "A sheet per scene of the board's screenplay, in script order: the scene number, INT/EXT, the set, day or night and the pages in eighths, the scene's synopsis (a Fountain line starting with `=`) or else its first line of action, then a titled box per breakdown category: the cast by cast ID (**1. ANNA**), then extras, props, wardrobe, make-up, vehicles, special effects, stunts, animals, sound and locations as tagged in the screenplay's breakdown.",
              ],
              [
                "**Print one-liner**",
                "The shoot by day: a header with the day's number, date and location, each strip on one line (scene, I/E, set, D/N, pages, cast IDs), the day's total pages, and at the end the list of cast IDs.",
              ],
            ],
          },
        },
      ],
    },
  ],
};

export const callSheets: GuideChapter = {
  slug: "call-sheets",
  title: "Call sheets",
  summary: "The call sheet of a shoot day, per-person calls, the PDF, sending it to the crew and seeing who confirmed.",
  sections: [
    {
      id: "read",
      heading: "A day's call sheet",
      blocks: [
        {
          p: "In the project's **Schedule** tab choose **Call sheets** and the **Shoot day**. The call sheet shows the date, the day's number, the crew call, the location and address, the weather and nearest hospital if given, the day's scenes (number, heading, pages, cast), the cast (each character by cast ID, with the actor who plays it) and the crew with their calls, and the notes. The crew is the project's crew; the cast is set on **Cast**.",
        },
        {
          p: "Everyone has the general call unless you give them another: change a time beside a name and choose **Save calls**. **PDF** downloads the call sheet to print or share.",
        },
      ],
    },
    {
      id: "send",
      heading: "Sending it and confirmations",
      blocks: [
        {
          steps: [
            "Choose **Send call sheet** and confirm. Every crew member, and every actor of the day's scenes with an e-mail address, gets an e-mail with their own call, the location and the scenes.",
            "Each e-mail has a personal link, **Confirm the call sheet**. It works without signing in, on a phone too, and only for that person; it stops working a week after the shoot day.",
            "Under **Sent to** you see everyone it went to, when, and when they confirmed. A crew member who is signed in can also confirm on this page with **I have the call sheet**.",
          ],
        },
        {
          note: "Changed something after sending? **Send call sheet again**: everyone gets the new version with a new link and is asked to confirm again; the old links stop working.",
        },
      ],
    },
  ],
};
