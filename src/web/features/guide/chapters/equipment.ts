import type { GuideChapter } from "./types.ts";

export const reservingGear: GuideChapter = {
  slug: "reserving-gear",
  title: "Reserving gear",
  summary:
    "Find what is free for your shoot days, reserve items or whole kits for your production, and collect and return them on time.",
  sections: [
    {
      id: "catalogue",
      heading: "The catalogue",
      blocks: [
        {
          p: "Open [Equipment](/equipment) from the navigation. Choose **From** and **Until**, the times you need the gear, and the catalogue shows every item of the school's stores with **Free** or **Booked then** for exactly that time. Search by name, brand, model or asset tag, or narrow it to a **Category**.",
        },
        {
          p: "Some items need training first, such as the Steadicam or the HMI lights. They show **Needs certification:** and the certification's name, in the catalogue and on kits, with **Add** greyed out, until the equipment office has certified you. Ask the office about its next course.",
        },
        {
          p: '**By model** lists each model with its photo and how many of its units are free for your dates ("4 free of 6"). Choose **+** for each one you need: you ask for "2 × Sachtler Flowtech 75", not for particular units, and the desk gives you free units of it when you collect. You cannot ask for more than are free.',
        },
        {
          p: "**Kits** are packages the office keeps together, such as a documentary camera with its lens, sound and batteries. A kit is booked as one: it is free only when every piece of it is.",
        },
      ],
    },
    {
      id: "reserve",
      heading: "Making a reservation",
      blocks: [
        {
          steps: [
            "Choose the **Production** you need the gear for. Only productions whose crew you are on are listed.",
            "Set **From** and **Until**.",
            "Choose **Add** beside each item, or **Add** under a kit. What you chose is listed under the dates.",
            "Choose **Request reservation**. You see **Reservation requested**, and the request waits in the equipment office's queue.",
          ],
        },
        {
          p: "The office approves or refuses each request. Either way you get a notification and an e-mail; a refusal says why.",
        },
        {
          p: "The school's rules apply to every request, and a request that breaks one is refused with a message that names it:",
        },
        {
          list: [
            "**Minimum lead time**: a reservation must start far enough ahead (24 hours unless the school set otherwise), so the office can prepare the gear.",
            "**Longest booking**: a reservation may last at most the number of days the school allows (14 unless set otherwise).",
            "**Greenlight required**: when the school waits for the greenlight at reservation, only productions with a complete greenlight checklist may book. (A school may instead wait for it at the desk: see [Booking rules by course](/guide/booking-rules).)",
            "**Certification needed**: some items need a certification you hold.",
            "**Not open to you**: gear with an access level is booked only by students on the courses, or with the certifications, that grant it (see [Booking rules by course](/guide/booking-rules)).",
            "**Strike limit**: late returns count as strikes; at the school's limit (3 unless set otherwise) you cannot book until the office clears them.",
          ],
        },
      ],
    },
    {
      id: "conflicts",
      heading: "When something is already booked",
      blocks: [
        {
          p: "No item can ever be booked twice for the same time, even when two people press the button in the same second: the second one gets **Already booked**, with the item, the time it is booked, and the items of the same kind that are free instead. Choose **Use … instead** to swap it into your reservation, then request again.",
        },
      ],
    },
    {
      id: "yours",
      heading: "Your reservations, collecting and returning",
      blocks: [
        {
          p: "**Your reservations** at the bottom of the page lists what you and your crews have reserved and where each stands: **Requested**, **Approved**, **Rejected**, **Checked out**, **Returned** or **Cancelled**. Choose **Cancel** to give a requested or approved reservation back. The production's own page shows its reservations too, under **Equipment**.",
        },
        {
          p: "Collect approved gear at the equipment desk, from two days before your reservation starts. You get a reminder 12 hours before it is due back, and another if it is late. A late return counts as a strike.",
        },
        {
          note: "Your reservations are also in your calendar feed: see [the production overview chapter](/guide/overview) for how to subscribe.",
        },
      ],
    },
  ],
};

export const equipmentDesk: GuideChapter = {
  slug: "equipment-desk",
  title: "The equipment desk",
  summary:
    "For the equipment office: confirm requests, hand gear out and take it back by asset tag, record its condition, and deal with late returns.",
  sections: [
    {
      id: "queue",
      heading: "Confirming requests",
      blocks: [
        {
          p: "Open [Equipment Admin](/equipment-admin). The **Requests** tab shows the requests waiting, oldest first. Choose **Approve**, or **Reject** and write the reason the borrower will read (at least 5 characters). The borrower gets a notification and an e-mail either way. A rejected request frees its items at once.",
        },
        {
          p: "The numbers at the top count the requests waiting, the reservations out now and those overdue; the [admin dashboard](/admin) shows the same. Change **Show** to list approved, out, overdue or returned reservations.",
        },
      ],
    },
    {
      id: "by-model",
      heading: "Gear booked by model",
      blocks: [
        {
          p: "A reservation made by model (say **2 × Sachtler Flowtech 75**) shows the model and **any unit** until it is handed out. At **Check out**, scan or type the tag of any free unit of that model: it takes one of the reservation's places and goes out. A unit booked by someone else for those days is refused.",
        },
      ],
    },
    {
      id: "desk-lists",
      heading: "Due today, out now, late",
      blocks: [
        {
          p: "Under the check-out and check-in forms the **Desk** tab shows three lists, each with the borrower, the production, the items and the times, ten to a page. **Due today** holds the approved reservations to hand out by the end of today, the next collection first, including any that should have been collected already. **Out now** holds everything checked out, the next return first. **Late** holds what is past its due time, the longest late first. The lists follow every check-out, check-in and approval as it happens, and look again every minute, so gear moves into **Late** by itself.",
        },
        {
          p: "Under each reservation the tags still to hand out (**Out:**) or still out (**In:**) are buttons: choosing one puts the tag in the check-out or check-in field.",
        },
      ],
    },
    {
      id: "check-out",
      heading: "Checking out",
      blocks: [
        {
          steps: [
            "Open the **Desk** tab.",
            "Type the item's asset tag (for example NFS-CAM-006) under **Check out**, scan the QR label with a barcode scanner that types into the field, or choose **Scan to check out** and hold the label in front of the phone's or laptop's camera. Choose **Add to the list**, and repeat for every item the borrower takes.",
            "Turn the screen to the borrower: they sign once for the whole list under **Borrower's signature**, with a finger, a pen or the mouse (**Clear** starts again). If they are not at the desk, tick **Borrower not present** instead.",
            "Choose **Check out**. The Portal finds the approved reservation of each item, hands them out, and keeps a signed receipt: download it with **Check-out receipt (PDF)**.",
          ],
        },
        {
          p: "Gear can be collected from two days before the reservation starts until it ends. An item that is in maintenance, retired, already out, or has no approved reservation to collect is refused with the reason.",
        },
        {
          p: "The receipt lists the items with their asset tags, the borrower, who handed them out, the time and the due time, with the borrower's signature, or a note that the borrower was not present. The borrower, the production's crew and the office download it from the reservation with **Check-out receipt (PDF)**.",
        },
      ],
    },
    {
      id: "check-in",
      heading: "Checking in",
      blocks: [
        {
          steps: [
            "Type each tag under **Check in** and choose **Add to the return list**, or choose **Scan to check in** and show the labels to the camera. To take back everything a reservation has out, choose **All in** beside it under **Out now** (or **In:** and a tag for one item).",
            "For each item on the list choose its **Condition** and write notes about anything you noticed. Add up to 6 **Condition photos** per item (PNG, JPEG or WebP); on a phone this opens the camera. A damaged item is ticked **damaged: send to maintenance**.",
            "Under **Returned by** write the name of whoever brings the gear back, if it is not the borrower.",
            "Turn the screen to them: they sign once for the whole list under **Signature of the person returning**. If nobody is there to sign (gear left at the desk), tick **Returned without a signature**.",
            "Choose **Check in**, and download the signed receipt with **Return receipt (PDF)**.",
          ],
        },
        {
          p: "Items may come back a few at a time: the reservation stays **Checked out** until the last item is in, then it is **Returned**. If one tag on the list is not out, nothing is checked in and the desk says which. A damaged item goes to **In maintenance** with an entry in its maintenance log, and cannot be booked until you make it available again.",
        },
        {
          p: "The return receipt lists each item returned with its asset tag, condition and notes, what is still out, who returned the gear and who received it, the time, and the signature (or that it was returned without one). The borrower, the production's crew and the office download it from the reservation with **Return receipt (PDF)**.",
        },
      ],
    },
    {
      id: "model-timeline",
      heading: "A model's timeline",
      blocks: [
        {
          p: "The **By model** tab lists the models of the inventory. Choose one to see its units over two weeks, one row per asset tag, with a bar for each booking: **Requested** (dashed), **Approved**, **Out**, **Late** (red) and **Returned**, each with the production's title, and **Maintenance** (hatched) while a unit is being repaired. **Previous week** and **Next week** move the two weeks; on a phone, swipe the timeline sideways. Days are UTC days, as bookings are kept.",
        },
      ],
    },
    {
      id: "late",
      heading: "Late returns and strikes",
      blocks: [
        {
          p: "Every quarter of an hour The Portal looks for gear due back within 12 hours and for gear that is late, and e-mails the borrower once about each. A late reservation counts as one strike for the borrower. At the school's strike limit, set by administrators in [Settings](/settings), the person cannot book any more.",
        },
        {
          p: "The **Certifications & strikes** tab lists everyone with strikes and why. Choose **Clear strikes** once you have spoken to them; they can book again at once.",
        },
      ],
    },
  ],
};

export const runningInventory: GuideChapter = {
  slug: "running-the-inventory",
  title: "Running the inventory",
  summary:
    "For the equipment office: items and their details, kits, certifications, maintenance, CSV import and export, and QR labels.",
  sections: [
    {
      id: "items",
      heading: "Items",
      blocks: [
        {
          p: "The **Inventory** tab lists every item with its tag, category, storage location and status, a page at a time; search it or filter by status. Choose **New item** to add one: its name, asset tag and category are required; brand, model, serial number, value, condition, storage location, notes and the certification needed to book it are optional. Each asset tag belongs to one item only.",
        },
        {
          p: "An item's page (choose its name) shows its details, what it is booked for and its maintenance log. There the office can **Edit** it (and in the same window **Upload photo**, **Replace photo** or **Remove photo**; the photo shows on the item's page and as a thumbnail in the catalogue), **Log maintenance**, and change its status to **Available**, **In maintenance** or **Retired**. When reservations count on the item, The Portal lists them first and asks you to confirm, so you can tell the borrowers.",
        },
      ],
    },
    {
      id: "kits",
      heading: "Kits",
      blocks: [
        {
          p: "On the **Kits** tab, give a kit a name and the asset tags of its items, then choose **Add kit**. An item belongs to at most one kit. Deleting a kit leaves its items in the inventory and in the reservations that hold them.",
        },
      ],
    },
    {
      id: "certifications",
      heading: "Certifications",
      blocks: [
        {
          p: "On the **Certifications & strikes** tab, add the trainings the school runs, then grant each to the people who passed it, or withdraw it. An item that names a certification can be reserved only by someone who holds it.",
        },
      ],
    },
    {
      id: "csv",
      heading: "Import, export and labels",
      blocks: [
        {
          p: "**Export CSV** downloads the whole inventory. **Import CSV** takes a file with the same columns; the first line names them, and asset_tag, name and category are required:",
        },
        {
          table: {
            head: ["Column", "What it holds"],
            rows: [
              [
                "asset_tag",
                "2 to 32 letters, digits and dashes; a known tag updates that item, a new one adds an item",
              ],
              ["name, category", "a new category is created when none has that name"],
              ["brand, model, serial_number, location, notes", "free text"],
              ["value", "a plain amount such as 1250.00 in the school's currency"],
              ["condition", "new, good, fair, worn or damaged"],
              ["status", "available, maintenance or retired"],
              ["certification", "the name of an existing certification"],
              [
                "access_level",
                "the name of an existing access level, in any case; empty for none; without the column, levels stay as they are",
              ],
              [
                "rental_day_rate",
                "the item form's **Rental day rate** in the school's currency, as 12.50, 12,50 or 1.234,50; empty for no rate; without the column, rates stay as they are",
              ],
            ],
          },
        },
        {
          p: "Good rows are saved; each bad row is listed by its line number with everything wrong with it, so you can fix the file and import it again. A rental day rate that cannot be read is the exception: it goes into budgets, so nothing is imported and the message names its line and column.",
        },
        {
          p: "Save the file from your spreadsheet as it offers: fields separated by commas or by semicolons (as spreadsheets save where the comma is the decimal separator), in UTF-8, UTF-16 or the Windows encoding. The portal tells which from the file itself.",
        },
        {
          p: "**QR labels of this page** prints a sheet of 24 labels (70 × 37 mm, A4) for the items listed. Each label carries the asset tag and a QR code that opens the item's page on a phone.",
        },
      ],
    },
  ],
};
