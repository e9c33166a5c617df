import type { GuideChapter } from "./types.ts";

export const dayOnSet: GuideChapter = {
  slug: "day-on-set",
  title: "The day on set",
  summary:
    "Today on your phone, also without signal; the daily production report with its times, scenes, takes and incidents; the producer's signature; the script supervisor's notes and the camera and sound reports as PDFs.",
  sections: [
    {
      id: "today",
      heading: "Today",
      blocks: [
        {
          p: "[Today](/today) shows, for each production you are on, the call sheet of today's shoot day, or of the next one: **your call** and the general call, the location with its address and a map link, the weather, the nearest hospital, the day's scenes with their pages and cast, and the producer, director and assistant director with their phone numbers. It is in the menu on the days you shoot and while a report of yours is still to sign.",
        },
        {
          p: "Past shoot days whose report is not signed yet stay on Today for a week, so the report can be finished the morning after.",
        },
      ],
    },
    {
      id: "offline",
      heading: "Without signal",
      blocks: [
        {
          p: "Open Today once while you have signal, at best the evening before: your phone then keeps the page and the last call sheet it saw. In a basement or on a boat, Today still opens and says **Offline: showing the call sheet as of** the time it was last fetched. Other pages of the portal need the connection; without one they open Today.",
        },
        {
          p: "What you type into a report without signal is kept on the phone (**Offline: kept on this phone, sent when the signal returns**) and sent by itself as soon as the connection is back.",
        },
        {
          steps: [
            "To put the portal on your home screen, open [Today](/today) in your phone's browser.",
            "Choose **Add to Home Screen** (Safari: the share button) or **Install app** (Chrome: the menu; Chrome may offer it by itself).",
            "The icon opens Today.",
          ],
        },
        {
          note: "Signing out removes the saved call sheets and any report text not yet sent from the phone. Let it send first.",
        },
      ],
    },
    {
      id: "report",
      heading: "The daily production report",
      blocks: [
        {
          p: "Every shoot day has a report, started from its call sheet. The crew, staff and admins fill it in during and after the day: the **actual call**, **first shot** and **wrap**, the **meals**, each scene as **Shot**, **Part shot** or **Not shot**, the number of **setups** and **takes**, **delays**, **incidents**, and an **injury or accident report** when someone was hurt. Under **Shots** the shot lists of the day's scenes are ticked off as they are taken: a ticked shot is marked done on the Shots tab, unticking it marks it not done again, and the printed report lists the shots taken. It is saved as you type.",
        },
        {
          p: "A report is also reached from the project's **Schedule** tab: each shoot day on the stripboard, from the day itself on, has **Start the daily report** (or, once started, the pages shot against planned, or **Daily report, signed**). The report's page leads **Back to day N on the schedule**, where that day is highlighted. A scene put on the day after the report was started joins the report as **Not shot**.",
        },
        {
          p: "Pages shot count the scenes marked **Shot** at their length on the call sheet, and a scene marked **Part shot** at the pages you type under it, in eighths of a page as on the stripboard: **3/8**, **1 2/8**, or a half (**1/2**) or quarter. Decimals such as 1,5 are refused, since a page is counted in eighths; so is more than the scene's length. The [production overview](/production-overview) shows pages shot against planned for each production.",
        },
        {
          p: "If two people write the same report, the second save is refused with **Someone else changed this report since you opened it**, naming who saved and when. Your text stays on your screen: choose **Save mine over theirs**, or **Discard mine and show theirs**.",
        },
      ],
    },
    {
      id: "signing",
      heading: "Signing and sending",
      blocks: [
        {
          p: "The project's producer signs the report with **Sign the report** once the actual call and the wrap are filled in. The signed report is stored as a PDF among the project's documents (category **Call sheets**), the supervisor is told in the portal and by e-mail, and the report becomes read-only. The producer can **Reopen the report** to correct it; signing it again stores a new version of the PDF.",
        },
      ],
    },
    {
      id: "papers",
      heading: "Script supervisor's notes, camera and sound reports",
      blocks: [
        {
          p: "The same report holds the script supervisor's notes per take (scene, take, **Circled**, **Hold** or **NG**, notes) and the camera and sound reports, one line per roll (roll, scene, take, notes). **Add a take** suggests the next take of the same scene.",
        },
        {
          p: "Below the report, each of the four papers opens as a PDF: the daily production report, the script supervisor's notes, the camera report and the sound report.",
        },
      ],
    },
  ],
};
