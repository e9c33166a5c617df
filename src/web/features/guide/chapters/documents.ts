import type { GuideChapter } from "./types.ts";

export const documents: GuideChapter = {
  slug: "documents",
  title: "Documents",
  summary:
    "Keeping a production's paperwork: uploading files by category, versions and their fingerprints, previews, release forms from templates, deleting and restoring.",
  sections: [
    {
      id: "documents-tab",
      heading: "The documents of a project",
      blocks: [
        {
          p: "Open a project and choose the **Documents** tab. Its crew, staff and admins see it; other students do not, because releases and deal memos carry outside people's addresses and fees.",
        },
        {
          list: [
            "**Release forms**: location and talent releases, a minor's guardian consent.",
            "**Contracts and deal memos**, **Insurance**, **Permits**, **Risk assessment**, **Call sheets** and **Delivery**.",
          ],
        },
        { p: "Filter the list with **Category**; tick **Show deleted** to see deleted documents." },
      ],
    },
    {
      id: "upload",
      heading: "Uploading and versions",
      blocks: [
        {
          steps: [
            "Choose **Upload**, pick the **File**, give a **Title** (or leave it empty to use the file's name) and the **Category**.",
            "Choose **Upload**. The document appears with its version, file name, size, who uploaded it and when.",
            "To replace the file later, choose **New Version** on the document: the older versions stay, listed under **All versions**.",
          ],
        },
        {
          p: "The portal keeps PDF, PNG, JPEG and WebP images, Word, Excel, PowerPoint and OpenDocument files, plain text and CSV, up to the portal's size limit (25 MB unless its administrators set another). It checks what a file really contains, not its name: a program renamed to .pdf is refused with a message.",
        },
        {
          p: "Each version carries its **SHA-256**, a fingerprint of its exact bytes. If a stored file were ever changed outside the portal, it would no longer match its fingerprint and the portal refuses to serve it rather than pass it off as the original.",
        },
        {
          note: "Uploading a **Risk assessment** ticks that item of the greenlight checklist; deleting the last one unticks it.",
        },
      ],
    },
    {
      id: "preview",
      heading: "Previewing",
      blocks: [
        {
          p: "**Preview** opens the document in the page: a PDF page by page, with the page number, **Previous page** and **Next page**, and **Zoom in** and **Zoom out**; an image with its own zoom. Other files offer **Download**. The preview works on a phone too, so a clause or a signature can be checked on set.",
        },
      ],
    },
    {
      id: "templates",
      heading: "Release forms from templates",
      blocks: [
        {
          p: "Choose **From a Template** and pick a **Location release**, **Talent release**, **Minor guardian consent** or **Crew deal memo**. Fill in the two blanks (for example the owner of the location and its address) and choose **Make PDF**. The production's title, shoot dates, locations, producers, director and supervisor come from the project. The PDF is filed under release forms (deal memos under contracts), ready to send for signature.",
        },
      ],
    },
    {
      id: "delete",
      heading: "Deleting and restoring",
      blocks: [
        {
          p: "**Delete** (after you confirm) moves a document and all its versions to the deleted documents; nothing is lost. A signature request still out for it is voided, so nobody signs a document the production withdrew. Tick **Show deleted** and choose **Restore** to bring it back.",
        },
      ],
    },
  ],
};

export const signatures: GuideChapter = {
  slug: "signatures",
  title: "Sending for Signature",
  summary:
    "Asking location owners, actors, guardians and crew to sign a PDF from a link, following each signer, reminders, voiding, signing in person with a QR code, and the sealed PDF.",
  sections: [
    {
      id: "send",
      heading: "Sending a document",
      blocks: [
        {
          steps: [
            "On a PDF in the **Documents** tab, choose **Send for Signature**.",
            "For each person give the **Name**, the **E-mail** and the **Role**: **Signs**, **Approves** (for example the producer confirming the form) or **Receives a copy** (gets the signed PDF, signs nothing). **Add a Person** adds another.",
            "Choose the **Order**: **All at once**, or **In the order above** so each person is asked only after the one before has signed.",
            "Write a **Message** if you like, set **Remind every (days)** (0 for no automatic reminders) and choose **Send**.",
          ],
        },
        {
          p: "Each person whose turn it is gets an e-mail with a link of their own. They need no account. The link works until the request expires (14 days unless the school set another).",
        },
      ],
    },
    {
      id: "fields",
      heading: "Placing fields on the pages",
      blocks: [
        {
          p: "Without fields, each signature is added on a page after the document. To have people sign and fill in on the document's own lines, place fields before you send:",
        },
        {
          steps: [
            "In **Send for Signature**, add the people first, then choose **Place Fields**. The document's pages appear.",
            "Under **Fields for**, choose whose fields you place; each person's fields have their own colour.",
            "Drag a **Signature**, **Initials**, **Date**, **Name**, **Text** or **Checkbox** field onto the page where it belongs. With the keyboard, press a field's button to add it near the foot of the last page.",
            "Move a field by dragging it, or select it and use the arrow keys (with Shift for bigger steps). Resize it by its corner, or with **Smaller** and **Larger**. Untick **Required** for a field that may stay empty; **Remove Field** (or Delete) takes it away.",
            "Choose **Back to the People** to check the list (the button then says how many fields are placed), and **Send**.",
          ],
        },
        {
          p: "Each person who signs or approves needs at least one signature field once any field is placed; someone who receives a copy gets none. A field must lie on its page. The date field is filled with the day the person signs, the name field starts with their name. Placing needs a tablet or a computer; on a phone, send without fields. The sealed PDF shows each signature and value where its field was, followed by the audit certificate.",
        },
      ],
    },
    {
      id: "follow",
      heading: "Following a request",
      blocks: [
        {
          table: {
            head: ["State", "Meaning"],
            rows: [
              ["Waiting for their turn", "In order: someone before them has not signed yet."],
              ["Sent", "Their link went out."],
              ["Opened", "They opened the document."],
              ["Signed", "They signed (or approved), with the time."],
              ["Declined", "They declined, with their reason; the request is closed."],
            ],
          },
        },
        {
          p: "**Remind** sends the person a new e-mail with a fresh link; the portal also reminds them by itself after the number of days you chose. **Void** stops a request (you write why): its links stop working and those still to sign are told. Requests nobody finished expire on their own.",
        },
        {
          p: "When everyone has signed, the **sealed PDF** becomes the document's newest version, marked **Signed and sealed**, and is e-mailed to everyone on the request. Its last pages are the signatures (or, with placed fields, each signature on its own line in the document) and an **audit certificate**: each signer's name, e-mail, IP address, browser, and when they opened and signed, with the SHA-256 of the original and of the signed document. **Location and talent releases signed** on the greenlight checklist is ticked once every scheduled location has a signed location release (choose the **Scheduled location** when you make it from the template) and every cast member a signed talent release (an actor named on a minor guardian consent also needs that consent signed); until then the checklist says what is still missing.",
        },
        { p: "Staff see every request still waiting under **Pending approvals** on the [Admin Dashboard](/admin)." },
      ],
    },
    {
      id: "send-to-many",
      heading: "Sending a release to many people",
      blocks: [
        {
          steps: [
            "In the **Documents** tab choose **Send to Many**.",
            "Pick the **Release**, and what its second blank says for everyone (a role such as “Extra”, or a location).",
            "Under **People** paste one person a line: a name, a comma and an e-mail address (a semicolon works too), as a spreadsheet's two columns copy.",
            "Choose **Check the List**: each line says **Ready to send** or what is wrong (not an e-mail address, no name, already on an earlier line). Fix the lines and check again.",
            "Choose **Send to … People**: each gets their own copy, filled with their name, to sign from their e-mail.",
          ],
        },
        {
          p: "Someone who already has this release out for signature or signed on this project is not sent another: sending the same list again after a failure reaches only those still missing.",
        },
      ],
    },
    {
      id: "digital-signature",
      heading: "The sealed PDF's digital signature",
      blocks: [
        {
          p: "The sealed PDF also carries a **PDF digital signature** in the school's name, over the whole file. Open it in a PDF reader (Adobe Acrobat Reader, or the signature panel of most readers) to see who sealed it and that nothing changed since; a self-signed certificate is shown as not yet trusted until you trust it once in the reader.",
        },
        {
          p: "The signature is a **PAdES** signature at the baseline **B-B** level (ETSI EN 319 142-1), the European format for signed PDFs: it names the sealing certificate by its SHA-256 fingerprint, and the time of sealing is the one the reader shows. It carries no time-stamp from a time-stamping authority (the B-T level), so the time is the portal's own clock.",
        },
        {
          p: "A file cannot print its own fingerprint, so the **SHA-256 of the delivered file** is shown beside the version in the **Documents** tab, written in the production's activity and in the e-mail that delivered it: anyone recomputes it with `sha256sum` (or `shasum -a 256`) and compares. The audit certificate inside names the SHA-256 of the original and of the signed pages, and the certificate's fingerprint.",
        },
        {
          p: "Admins see the certificate under **Settings → Sealing certificate**: its name, **Fingerprint (SHA-256)** and validity. Without a certificate of the school's own, The Portal makes one (self-signed, in the school's name) the first time it seals. To sign with the school's own, choose the **.p12** file, type **Its password** and choose **Upload certificate**; it is stored encrypted and never shown again.",
        },
      ],
    },
    {
      id: "in-person",
      heading: "Signing in person on set",
      blocks: [
        {
          p: "Next to a person whose turn it is, choose **Sign in Person**. A QR code appears: they scan it with their own phone's camera and sign there. The code carries a link of their own, valid until the request expires.",
        },
      ],
    },
    {
      id: "self-service",
      heading: "Scan to sign your release: a link for a casting or the set",
      blocks: [
        {
          p: "When many people need a release and you do not have their e-mail yet (extras on set, everyone at a casting), make one link they all use. On the project's **Documents** tab choose **Self-Service Links**.",
        },
        {
          steps: [
            "Pick the **Release** (a talent release or a location release), give the link a **Label** such as “Casting 12 May”, and choose how long it stays **Open for** (1 to 30 days).",
            "Choose **Make link and QR code**. Print the QR code or show it on a screen, or copy the link under it. The portal keeps only a fingerprint of the link, so it shows the code this once: make a new link if you lose it.",
            "Each person scans the code, types their name, e-mail and role, and signs their own copy, filled with their name. The signed and sealed copy appears on the project's documents like any signed release.",
          ],
        },
        {
          p: "The list in the same window shows each link, how many copies were **signed** through it and how many were started but not yet signed. Choose **Close** to stop a link before it expires; copies already started can still be signed.",
        },
      ],
    },
  ],
};

export const signing: GuideChapter = {
  slug: "signing",
  title: "Signing a Document (for people outside the school)",
  summary:
    "For location owners, actors, guardians and crew who were sent a link: reading the document, signing by drawing or typing, or declining.",
  sections: [
    {
      id: "sign",
      heading: "Signing from the link",
      blocks: [
        {
          p: "A production of the school sent you an e-mail with a personal link; you need no account. Open it on a phone or a computer.",
        },
        {
          steps: [
            "Read the whole document: move between pages with the arrows, and zoom in if the text is small.",
            "If the production placed fields for you, they are marked on the pages and **Fields to fill in** under the document says where you are (for example **Name · 2 of 5**): choose **Next Field** and **Previous** to go from one to the next, and fill each in on the page or in the box under it. Your name is filled in already, the date is the day you sign, and the signature fields show your signature once you have drawn or typed it.",
            "Under **Your signature** choose **Draw** and sign in the box with a finger, a pen or the mouse (**Clear** starts again), or choose **Type** and type your full name.",
            "Tick **I agree to sign electronically**.",
            "Choose **Sign** (or **Approve** if you were asked to approve). If a required field is still empty, the page takes you to it and says which one it is.",
          ],
        },
        {
          p: "When everyone has signed, you receive the sealed PDF by e-mail. Your IP address, browser and the times you opened and signed are recorded on its audit certificate.",
        },
      ],
    },
    {
      id: "self-service",
      heading: "Signing from a QR code at a casting or on set",
      blocks: [
        {
          p: "A production may show you a QR code instead of e-mailing you. Scan it with your phone's camera, type your full name, your e-mail and (for a talent release) your role, and choose **Continue to sign**. You get your own copy of the release with your name on it, and sign it as above. If the page says **This release link is closed**, the production closed the link or it expired: ask them for a new one.",
        },
      ],
    },
    {
      id: "decline",
      heading: "Declining",
      blocks: [
        {
          p: "If you do not want to sign, choose **Decline**, write why and choose **Decline** again. The production reads your reason; the request closes.",
        },
      ],
    },
    {
      id: "bad-links",
      heading: "When a link does not work",
      blocks: [
        {
          p: "A link works once: after you sign or decline it says **You have already answered**. It can also have **expired**, been **withdrawn** by the production, or be **closed** because someone declined. A link that was cut or mistyped says **This link does not work**. In each case no document is shown; ask the production to send you a new link.",
        },
      ],
    },
  ],
};
