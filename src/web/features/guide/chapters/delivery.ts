import type { GuideChapter } from "./types.ts";

export const delivery: GuideChapter = {
  slug: "wrap-and-delivery",
  title: "Wrap and delivery",
  summary:
    "Finishing a film: the course's (or the school's) delivery checklist, items that tick themselves, delivery files, the teacher's sign-off that closes the production, and the archive of its chain of title.",
  sections: [
    {
      id: "checklist",
      heading: "The delivery checklist",
      blocks: [
        {
          p: "Open a project and choose the **Delivery** tab (its crew, staff and admins see it). It lists what the finished film delivers, each item with its state and why: “Poster A2”, “Missing: talent release for Clara Voss”, “1 of 2 permits signed; waiting for Street permit”.",
        },
        {
          p: "The list is the course's own when its teachers have set one, else the school's, which admins keep in the school settings. A new school starts with: picture lock approved, final film file, production stills, poster, music cue sheet, credits list, every release signed, every permit signed, festival copy delivered.",
        },
        {
          table: {
            head: ["An item ticked by", "is done when"],
            rows: [
              [
                "Documents of a category",
                "the project's documents hold one of that category, with the given words in its title when the item names some (a delivery file called “Poster A2” ticks **Poster**).",
              ],
              [
                "Every release signed",
                "every scheduled location and every cast member has a signed release: the same rule as the greenlight's.",
              ],
              [
                "Every permit signed",
                "every permit sent for signature here is signed; a permit uploaded as the issuing office sent it counts as it is. No permits on file: nothing to sign.",
              ],
              [
                "Picture lock approved",
                "the project's supervisor approved a version of one of its cuts with **Picture lock** ticked, on the cut's page.",
              ],
              [
                "Ticked by hand",
                "the crew, staff or an admin tick it; the portal keeps who and when, and an optional note.",
              ],
            ],
          },
        },
      ],
    },
    {
      id: "files",
      heading: "Uploading delivery files",
      blocks: [
        {
          steps: [
            "On the **Delivery** tab, under **Upload a delivery file**, choose the **File**.",
            "Give it a **Title** that names the thing (“Music cue sheet”, “Final film master”): the title is what the items look for.",
            "Choose **Upload Delivery File**. It is filed in the project's documents under **Delivery**, and its item ticks.",
          ],
        },
      ],
    },
    {
      id: "sign-off",
      heading: "The teacher's sign-off",
      blocks: [
        {
          p: "Once the film is shot (in **Production** or **Post-production**) and every item is done, the project's supervisor, a teacher of its course or the production office signs the delivery off on the **Delivery** tab, with an optional note. The production moves to **Completed** through the usual phase change: its crew hear of it, and the sign-off and the phase change are on the project's **Activity**.",
        },
        {
          steps: [
            "On the **Delivery** tab, under **Sign off the delivery**, read the open items (if any) and write a **Note** if you like.",
            "Choose **Sign Off Delivery**. The box then reads “Delivery signed off by …” with your name, the date and time and your note, and the production is **Completed**.",
          ],
        },
        {
          note: "While items are open the sign-off is refused: the message names each open item and why (“Final film file (No delivery document with “final” in its title yet)”). After the sign-off the checklist is closed: hand ticks no longer change.",
        },
      ],
    },
    {
      id: "archive",
      heading: "The archive",
      blocks: [
        {
          p: "**Download Archive (ZIP)** on the **Delivery** tab gives one ZIP of the film's chain of title, in folders:",
        },
        {
          list: [
            "**1-screenplay**: each of the project's screenplays, as last revised.",
            "**2-releases** and **3-contracts**: every signed release, minor's guardian consent and deal memo as sealed, with its signature page and audit certificate.",
            "**4-permits** and **5-certificates**: permits and insurance certificates (sealed when signed here).",
            "**6-budget**: the approved budget with its decision record.",
            "**7-call-sheets**: a call sheet per shoot day.",
            "**8-daily-reports**: each shoot day's production report with its script supervisor's notes and its camera and sound reports, marked signed or not.",
            "**0-index.pdf**: every file with what it is, its date, its size and its SHA-256, and whether the delivery was signed off.",
          ],
        },
        {
          p: "The crew, staff and admins may download it, at any time; each download is recorded on the project's **Activity** and in the school's audit log. The school keeps everything it holds after students leave: erasing a student's account replaces their name and keeps the documents, budgets and decisions.",
        },
      ],
    },
    {
      id: "school",
      heading: "The school's checklist",
      blocks: [
        {
          steps: [
            "Admins open [Settings](/settings), **School**, and find **Delivery checklist**.",
            "Rename, reorder (**Up**, **Down**), remove or add items, and choose for each how it is **Ticked by**, as for a course's list below.",
            "Choose **Save School Settings**. Every course without its own list, and every project without a course, delivers against it from then on; a mistake (no item, two items alike, a documents item without a category) is named and the cursor put in its field.",
          ],
        },
        {
          note: "Removing an item deletes nothing: hand ticks on the projects stay, and show again if the item comes back.",
        },
      ],
    },
    {
      id: "course",
      heading: "A course's own checklist",
      blocks: [
        {
          steps: [
            "Open the course at [Courses](/courses). Its teachers and admins see **Delivery Checklist** as a form.",
            "Rename, remove or add items; for each choose how it is **Ticked by**, and for documents the **Category** and the words its **Title contains** (E&O insurance: Insurance, “E&O”).",
            "Choose **Save Delivery Checklist**. Its projects show the new list at once; **Use the School's Delivery List** goes back to the school's.",
          ],
        },
      ],
    },
  ],
};
