import type { GuideChapter } from "./types.ts";

export const insurance: GuideChapter = {
  slug: "insurance-certificates",
  title: "Insurance certificates",
  summary:
    "Asking the school's insurance office for a certificate for a location or a rental house, the lead time, a teacher's endorsement, and how the office answers with or without an account.",
  sections: [
    {
      id: "asking",
      heading: "Asking for a certificate",
      blocks: [
        {
          p: "Locations and rental houses often want the school's certificate of insurance before they let a production in. Open the project and choose the **Insurance** tab; the project's crew, staff and admins ask there.",
        },
        {
          steps: [
            "Under **Ask for a certificate of insurance**, choose what it is **For**: a location, or a rental house or hired equipment.",
            "Say **What is insured** and its **Address**, the **First day** and the **Last day** (empty for one day).",
            "Name the **Certificate holder** (who asked you for the certificate: the owner, the rental house) and their address, and add notes for the office if they ask for a particular cover.",
            "Under **Locations and vendors covered**, pick each place or rental house **From contacts** (its name, address, phone and e-mail are filled in and stay editable), or choose **Type a location or vendor** and tick **Save to contacts** to keep a new one in the production's contacts.",
            "Choose **Send the request**.",
          ],
        },
        {
          p: "The office sees the covered places' names and addresses on the request, in its e-mail and on its link; their phone numbers and e-mail only if it may see the project's contacts (the crew, staff and admins).",
        },
        {
          p: "The office needs a few business days (Monday to Friday; 5 unless the school set another number). A first day sooner than that is refused, and the message names the earliest day you may ask for; the form says it too.",
        },
      ],
    },
    {
      id: "endorsement",
      heading: "A teacher's endorsement",
      blocks: [
        {
          p: "When the school asks for it (Settings → School → **Insurance certificates**), a request first goes to the project's supervisor and the teachers of its course. They find it in their notifications and on the project's **Insurance** tab, and choose **Endorse and send to the office**, or **Do not endorse** with a comment saying what to change. A request not endorsed ends there; ask again once it is fixed.",
        },
      ],
    },
    {
      id: "office",
      heading: "How the office answers",
      blocks: [
        {
          p: "The office is asked by e-mail, with a link that works without an account for as long as the school's approval links do, and only once. Through it the office uploads the certificate (a PDF or a picture; the portal checks what the file holds) or declines with a reason. If the office has an account named in the settings, it is also told in the portal and may answer on the project's **Insurance** tab.",
        },
        {
          p: "The certificate lands in the project's **Documents** under **Insurance**, and the request shows **Certificate issued** with a link to it; you are told by a notification and an e-mail. If the office declines, you and the project's producers (its owner, leads and producers) are told, with the office's reason: change what it objects to and ask again.",
        },
        {
          p: "The office is reminded of a request that waits for it: two business days after it was asked, and again on the day the school's lead time before the first insured day runs out, each once, by e-mail with a fresh link (the earlier one stops working) and, for the office's account, in the portal.",
        },
        {
          p: "Sent the link to the wrong place? On the request, **Revoke the office's link** stops it at once; **Send the office a new link** mails a fresh one. **Withdraw the request** takes it back while it is open.",
        },
      ],
    },
    {
      id: "greenlight",
      heading: "The greenlight's Insurance item",
      blocks: [
        {
          p: "The school's **Insurance** item on the greenlight checklist ticks itself: it is done while every certificate the project asked for is issued, that is at least one request answered with its certificate and none still waiting for a teacher's endorsement or the office. Declined, not endorsed and withdrawn requests do not count. Its note says how many are issued and how many wait. Nobody ticks it by hand; a course's checklist may keep it or leave it out, and administrators may give any item this source (**Insurance certificates issued**) in Settings → School.",
        },
      ],
    },
  ],
};

export const locations: GuideChapter = {
  slug: "locations-and-hospitals",
  title: "Locations and hospitals",
  summary:
    "The school's location library with contacts, parking, photos and the nearest hospital, and how a shoot day picked from it puts the hospital and whom to call on the call sheet.",
  sections: [
    {
      id: "library",
      heading: "The location library",
      blocks: [
        {
          p: "[Locations](/locations) lists the places the school's productions have shot at: the address with a map link, whom to call there, parking, notes, photos and the nearest hospital. Everyone signed in reads it and can search it by name or address.",
        },
        {
          p: "Anyone may add a place with **Add a location**; whoever added it may correct it and add photos (PNG, JPEG or WebP). Staff and administrators keep the whole library and the list of **Hospitals** (name, address, phone and emergency number).",
        },
      ],
    },
    {
      id: "shoot-days",
      heading: "Shoot days from the library",
      blocks: [
        {
          steps: [
            "In the **Schedule** tab, add or edit a shoot day.",
            "Under **From the location library**, choose the place: its name, address and nearest hospital fill in (you may still edit them).",
            "Or type a new place and tick **Add this place to the school's location library**, so later productions find it.",
          ],
        },
        {
          p: "The call sheet of a day picked from the library carries the hospital's name, address, phone and emergency number, and the location's contact and parking, on the page, in the PDF, in the e-mail and on the page its confirmation link opens (phone numbers there call with one tap). A day not from the library shows the hospital typed into it.",
        },
      ],
    },
  ],
};
