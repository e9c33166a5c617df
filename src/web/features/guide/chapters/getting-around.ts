import type { GuideChapter } from "./types.ts";

export const gettingAround: GuideChapter = {
  slug: "getting-around",
  title: "Getting Around",
  summary: "The navigation, your home page, using the portal on a phone or with the keyboard, and where to find help.",
  sections: [
    {
      id: "navigation",
      heading: "The navigation",
      blocks: [
        {
          p: "Every page has the same bar at the top. **The Portal** on the left takes you to your home page. Next to it are the areas of the portal:",
        },
        {
          list: [
            "**Home**: your greeting, your role and a card for each area.",
            "**Production Overview**: all the school's productions and where each one stands.",
            "**Screenplays**: drafts, versions and supervisors' notes.",
            "**Documentary Projects**: documentary work from research to delivery.",
            "**Equipment**: the kit store, run by the equipment office.",
            "**Admin** and **User Management**: for administrators.",
            "**Guide**: this guide.",
            "**Settings**: your name and password.",
          ],
        },
        {
          p: "**Sign Out** is at the end of the bar. Every area has its own address, so you can bookmark a page or send a link to a crew member; they see it once they are signed in.",
        },
      ],
    },
    {
      id: "home",
      heading: "Your home page",
      blocks: [
        {
          p: "The home page greets you by name and shows your role. Below are cards for the areas of the portal, each with a line on what it is for. Areas run by a particular office say so on their card.",
        },
      ],
    },
    {
      id: "phone",
      heading: "On a phone",
      blocks: [
        {
          p: "The portal works on a phone, so you can check a call sheet or a reservation on set. On a narrow screen the navigation folds away behind the **Menu** button at the top; **Sign Out** is inside it too. Tables and long texts scroll sideways where they need to, and buttons are large enough for a thumb.",
        },
        {
          p: "To reach it quickly, add the portal to your phone's home screen from your browser's share menu.",
        },
      ],
    },
    {
      id: "unsaved",
      heading: "Work you have not saved",
      blocks: [
        {
          p: "The script editor saves as you type. Other forms keep what you type until you save it: if you try to leave a page or switch to another tab of a project with something unsaved, the portal asks first and names what would be lost. **Stay** keeps your work so you can save it; **Leave** discards it. Reloading or closing the browser tab asks too.",
        },
        {
          p: "The same question comes wherever typed work would vanish without leaving the page: closing a form's window (such as **Add shoot day**, **New Project** or **Send for Signature**) with **Escape** or its close button, switching between views inside a tab (the schedule's **Stripboard**, **Cast** and **Call sheets**), or picking another day on a call sheet with calls you have not saved. A window with nothing typed in it simply closes. Its **Cancel** button is your own choice to discard, so it does not ask.",
        },
        {
          p: "In any field of a form, **Ctrl+S** (**⌘S** on a Mac) saves it, the same as its save button.",
        },
      ],
    },
    {
      id: "keyboard",
      heading: "With the keyboard",
      blocks: [
        {
          p: "Everything works without a mouse. Press **Tab** on any page and the first stop is **Skip to content**, which jumps past the navigation. Tab and Shift+Tab move between links, fields and buttons; Enter or Space activates them. Where a box has tabs, such as the views of an e-mail, the arrow keys move between them.",
        },
      ],
    },
    {
      id: "waiting-and-errors",
      heading: "Loading, errors and missing pages",
      blocks: [
        {
          p: "While a page is loading you see grey placeholder shapes. If the portal cannot tell within a few seconds whether you are signed in, it shows the sign-in screen.",
        },
        {
          p: "If a page cannot load its information, it says **Something went wrong** with the reason. **Try Again** loads it again; **Go Home** takes you to your home page. An address that leads nowhere shows **Page Not Found**. An address of something that is not there (a deleted project, document or equipment item, a document version that does not exist, or a mistyped link) says what was not found, such as **Document not found**, and gives you a link back.",
        },
        {
          p: "When you save something and the portal refuses it, a message says why, and what you typed stays in the form so you can correct it.",
        },
      ],
    },
    {
      id: "help",
      heading: "Where help is",
      blocks: [
        {
          list: [
            "This guide: use the contents list, or type a few words into **Search the guide**. Each area of the portal has its own chapter.",
            "Your supervisor, for questions about your production, screenplay or budget.",
            "The equipment office, for kit, reservations and returns.",
            "An administrator, for your account, your role, or anything that seems broken.",
          ],
        },
      ],
    },
  ],
};
