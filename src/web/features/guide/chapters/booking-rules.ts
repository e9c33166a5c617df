import type { GuideChapter } from "./types.ts";

/** Booking rules that follow a student's courses: access levels, the greenlight gate, fair shares and lotteries. */
export const bookingRules: GuideChapter = {
  slug: "booking-rules",
  title: "Booking rules by course",
  summary:
    "Which gear each student may book, by the courses they take and the certifications they hold, whether equipment waits for a production's greenlight at reservation or at the desk, how each course's limits keep the stores shared, and how a busy weekend's gear is allotted by a fair lottery instead of first come.",
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
          p: "Where you already edit gear, you can set its level too. An item's dialog in the **Inventory** tab (**New item**, or **Edit** on the item's page) has an **Access level** field: choose a level, or **None**, and save the item. In the **Kits** tab, choose a new kit's **Access level** beside its asset tags, or change an existing kit's on its card. The catalogue follows at once, as it does for the **Access levels** tab.",
        },
        {
          p: "The inventory's **Export CSV** has an **access_level** column with each item's own level (empty for none; a level its kit carries is set on the kit). **Import CSV** reads it back: the level's name in any case, an empty cell for none. A name no level has is listed among the row's problems, as **there is no access level called “…”; create it on the Access levels tab first**, and the row is not saved. A file without the column, such as one exported before access levels, leaves the items' levels as they are.",
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
    {
      id: "limits",
      heading: "Your course's limits",
      blocks: [
        {
          p: "A course may limit how much equipment its people hold: **bookings at a time** and **booked days per week**, each counted **per student** or **per project**. The limits of a production's course apply to it; for a production of no course, the per-student limits of every course you take apply to you.",
        },
        {
          list: [
            "**Bookings at a time** counts your reservations that are requested, approved or checked out. A cancelled, refused or returned one no longer counts, nor a requested or approved one whose time is over.",
            "**Booked days per week** counts the calendar days your bookings cover in each week, Monday to Sunday, in UTC like every booking. A day counts when any part of it is booked, and a day booked twice is one day: Friday 18:00 to Monday 09:00 is three days of one week and one of the next.",
          ],
        },
        {
          p: "A request that would pass a limit is refused in the booking form with the limit named, for example “Your course FILM-201 allows 2 bookings at a time per student; you have 2: …”. Cancel one of those, or wait until one is returned.",
        },
        {
          note: "The equipment office sets every course's limits in [Equipment Administration](/equipment-admin?tab=fair-share) under **Fair share**; a course's teachers set theirs on the course's page in [Courses](/courses). Bookings the office makes itself are not limited.",
        },
      ],
    },
    {
      id: "windows",
      heading: "Request windows",
      blocks: [
        {
          p: "When more people want the same gear for a period than the stores hold, such as a weekend before a deadline, the equipment office opens a **request window**: the period, what it contests (any item of a category, or a kit as one), a deadline for requests, and which courses draw first.",
        },
        {
          p: "Until the deadline, what the window contests cannot be booked first come for that period: the booking form says so and points you to the window. Everything else books as usual.",
        },
        {
          steps: [
            "Open [Equipment](/equipment). Open windows are listed under **Request windows**.",
            "Choose the **Production** and **What you need**, then **Request for the period**. One request per production and thing: a crew asking five times would not draw five tickets.",
            "Until the deadline you may **Withdraw** the request.",
          ],
        },
      ],
    },
    {
      id: "lottery",
      heading: "The lottery",
      blocks: [
        {
          p: "After the deadline the office chooses **Draw the lottery**. Courses with a higher priority draw first; within the same priority, the order is random but fixed by the window itself, so drawing again would give the same result, and neither when you asked nor anything else about your request moves your place.",
        },
        {
          p: "Each request is then handed the next free unit in turn. A unit that needs a certification you do not hold goes to the next person drawn. A winner holds an **approved** reservation for the whole period at once: the draw is the office's decision, and there is nothing left to confirm.",
        },
        {
          p: "Everyone who asked gets a notification with the result explained, for example “Your course FILM-201 had priority 1; 6 requests for 4 × Cameras; you were drawn 5th: all 4 went to those drawn before you.” The same sentence stays beside the request under **Request windows**, and on the reservation of those who won.",
        },
        {
          note: "For the office: **Close requests now** ends a window's requests before its deadline, so the lottery can be drawn at once. Once drawn, whatever is left of the contested gear books first come again.",
        },
        {
          p: "Until the draw the office may correct a window or cancel it. When its period or deadline moves, everyone who asked is told; their requests stand for the new dates, and they may withdraw them before the new deadline. When a window is cancelled, every request in it is withdrawn, what it contested can be booked first come again, and everyone who asked is told, with the office's reason. A cancelled window stays in the list, marked **Cancelled**.",
        },
        {
          note: "For the office: **Correct** opens the window in the form, filled in. The deadline must still be to come and before the period; a contested thing someone has already requested stays contested (ask them to withdraw, or cancel the window). **Cancel the window** asks for an optional reason, passed on to the requesters. A drawn window can be neither corrected nor cancelled: change its reservations instead.",
        },
      ],
    },
  ],
};
