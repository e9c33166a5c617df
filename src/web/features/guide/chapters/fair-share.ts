import type { GuideChapter } from "./types.ts";

export const fairShare: GuideChapter = {
  slug: "fair-share",
  title: "Fair share and request windows",
  summary:
    "How each course's limits keep the stores shared, and how a busy weekend's gear is allotted by a fair lottery instead of first come.",
  sections: [
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
      ],
    },
  ],
};
