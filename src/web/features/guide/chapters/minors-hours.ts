import type { GuideChapter } from "./types.ts";

export const minorsAndHours: GuideChapter = {
  slug: "minors-and-working-hours",
  title: "Minors on set and safe working days",
  summary:
    "Wrap and meal times on shoot days, the 12-hour day, 10-hour turnaround and meal checks per person, and what casting a minor adds: the guardian's consent, a work permit, a chaperone and hour limits by age.",
  sections: [
    {
      id: "times",
      heading: "Wrap and meal times",
      blocks: [
        {
          p: "Edit a shoot day on the **Stripboard** (the pencil beside it) and give its **Estimated wrap** and **Meal**. A wrap at or before the call is the next morning: a 16:00 call with a wrap at 01:00 is a nine-hour night.",
        },
        {
          p: "On the **Call sheet** tab, each person has their call and their wrap beside their name; change those who start or finish at another time than the day's, then choose **Save calls, wraps and chaperones**.",
        },
      ],
    },
    {
      id: "working-days",
      heading: "Safe working days",
      blocks: [
        {
          p: "The schedule checks every person's days, the crew on every day and the cast on the days their scenes are shot, and shows what it finds on the stripboard column and the call sheet of the day, with the people and the hours:",
        },
        {
          table: {
            head: ["Finding", "Shown as"],
            rows: [
              ["More than 12 hours from call to wrap", "Lena Fischer: 13 h from call to wrap"],
              [
                "Less than 10 hours from one day's wrap to the next worked day's call",
                "Jun Park: 9 h turnaround after day 2",
              ],
              ["The meal more than 6 hours after call", "Jun Park, Lena Fischer: meal 6 h 30 min after call"],
            ],
          },
        },
        {
          p: "People with the same finding on a day share one line. A day without a planned wrap or meal is not judged on it.",
        },
        {
          note: "The findings are warnings. An administrator can make them block the call sheet under **Settings → School → Safe working days**: the call sheet of such a day is then not sent until its times change.",
        },
      ],
    },
    {
      id: "minors",
      heading: "Casting a minor",
      blocks: [
        {
          steps: [
            "On the **Cast** tab, cast the character, then choose **This actor is a minor…**.",
            "Give the **Date of birth** (their age on each shoot day decides their hours), or tick **A minor, date of birth not given**.",
            "Give the **Parent or guardian** and the **Guardian's e-mail**, and choose **Save**. The Portal makes the minor guardian consent from the school's template, naming the minor, and sends it to the guardian to sign, as in [signatures](/guide/signatures).",
            "Upload the work permit in the project's **Documents** under **Permits**, then choose it as the **Work permit** and give the day it is **valid until**.",
          ],
        },
        {
          p: "The cast list then shows the minor's status: whether the guardian's consent is signed, and until when the permit is valid.",
        },
        {
          p: "On the **Call sheet** of each day the minor works, name their **chaperone or studio teacher** under their name.",
        },
      ],
    },
    {
      id: "minor-checks",
      heading: "What is checked for a minor",
      blocks: [
        {
          p: "On every day a minor works, the stripboard and the call sheet warn when:",
        },
        {
          list: [
            "their hours on set, from their call to their wrap, are more than the school allows at their age;",
            "they work after the latest hour for minors (22:00 unless the school set another);",
            "no chaperone or studio teacher is named for them that day;",
            "there is no work permit, or it expires before the day;",
            "the guardian's consent is not signed yet.",
          ],
        },
        {
          p: "An administrator sets the age bands and the latest hour under **Settings → School → Minors on set**. By default: under 6, 6 hours; 6–8, 8 hours; 9–15, 9 hours; 16–17, 10 hours.",
        },
      ],
    },
  ],
};
