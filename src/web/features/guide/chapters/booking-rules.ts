import type { GuideChapter } from "./types.ts";

/**
 * Booking rules that follow a student's courses. Each topic keeps its own sections: access levels and the greenlight
 * gate here; fair shares and lotteries are added beside them.
 */
export const bookingRules: GuideChapter = {
  slug: "booking-rules",
  title: "Booking rules by course",
  summary:
    "Which gear each student may book, by the courses they take and the certifications they hold, and whether equipment waits for a production's greenlight at reservation or at the desk.",
  sections: [
    {
      id: "access-levels",
      heading: "Access levels: gear for some courses only",
      blocks: [
        {
          p: "Some gear is kept for students further along: the second cinema camera for thesis productions, a wireless video kit for the intermediate courses. The equipment office gives such an item or kit an **access level**, such as Intermediate or Thesis. Gear without a level is open to everyone.",
        },
        {
          p: "A student holds a level while they are **actively enrolled** on one of the courses that grant it, or hold one of the certifications that grant it. Dropped from the course, they lose it; enrolled again, they have it back at once. Staff, the equipment office and administrators book gear of every level.",
        },
        {
          p: "A level on a kit covers the kit's items too: an item of a Thesis kit cannot be booked on its own without the level either.",
        },
      ],
    },
    {
      id: "catalogue",
      heading: "What students see in the catalogue",
      blocks: [
        {
          p: "The [catalogue](/equipment) starts with **Only what I may book** ticked: it lists the gear and kits open to you. Untick it to also see the gear closed to you, each with a lock and what would open it:",
        },
        {
          list: [
            "**Thesis Film course only**: enrol on that course.",
            "**Needs the Steadicam certification or the Thesis Film course**: either one opens it.",
          ],
        },
        {
          p: "Closed gear cannot be added to a request. If a request holds some anyway (a level was set a moment ago), the portal refuses it with the same reason, shown in the form, and reserves nothing.",
        },
      ],
    },
    {
      id: "levels-office",
      heading: "Setting up access levels (equipment office)",
      blocks: [
        {
          steps: [
            "Open [Equipment Administration](/equipment-admin?tab=levels) and the **Access levels** tab.",
            "Under **New access level**, give the **Level name**, tick the courses whose students hold it (under **Granted by an active enrolment on**) and any certifications that grant it too (under **Or by holding**), and choose **Add level**.",
            "Under **Gear with a level**, type an **Item's asset tag** or choose a **Kit**, choose the **Level**, and choose **Set level**. Choose **None: open to everyone** to take a level off.",
          ],
        },
        {
          p: "Each level shows what students read beside closed gear and how many items and kits carry it. **Edit** changes its name, courses and certifications; the catalogue follows at once. **Delete** opens its gear to everyone; reservations already made stay.",
        },
        {
          note: "A course belongs to one term. When a course runs again next term, add the new term's course to the level, or its new students will not hold it.",
        },
      ],
    },
    {
      id: "greenlight-gate",
      heading: "The greenlight gate: at reservation or at check-out",
      blocks: [
        {
          p: "An administrator chooses under [School Settings](/settings) → **Equipment waits for the greenlight** when a production's greenlight checklist must be complete:",
        },
        {
          table: {
            head: ["Choice", "What happens"],
            rows: [
              ["Never", "Equipment does not wait for the greenlight."],
              [
                "At reservation",
                "Only productions with a complete greenlight checklist may reserve. A request before that is refused: **Greenlight required**.",
              ],
              [
                "At check-out",
                "A production may reserve, and the office approve, before its greenlight is complete, so the gear is held for its shoot. The desk hands nothing out to it until the checklist is done.",
              ],
            ],
          },
        },
        {
          p: "With the gate at check-out, scanning an item for a production whose checklist is not complete is refused at the [desk](/equipment-admin?tab=desk), and the desk says which items of the checklist are still missing, for example: **Greenlight not complete: “Night Swim” cannot take equipment out until its greenlight checklist is done. Still missing: Insurance.** Once the crew or staff tick them, the same scan checks the gear out. Until then the reservation says so in the office's requests, in **Your reservations** and on the project: **The desk hands this out once the greenlight is complete. Still missing: Insurance.**",
        },
      ],
    },
  ],
};
