import type { GuideChapter } from "./types.ts";

export const screenplays: GuideChapter = {
  slug: "screenplays",
  title: "Screenplays",
  summary:
    "Writing and importing scripts in Fountain, the page preview, autosave when two people write, coloured revisions and comparing them, locked scene numbers, reports, notes and the PDF.",
  sections: [
    {
      id: "write",
      heading: "Writing a screenplay",
      blocks: [
        {
          p: "[Screenplays](/screenplays) lists every script you may read: choose **Show** to see all of them, only yours (**Mine**) or those of the projects you work on (**My projects'**), and search by title. A project's screenplays are also on its page, under **Screenplay**.",
        },
        {
          steps: [
            "Choose **New Screenplay**, give the **Title** and, if the script belongs to a film, its **Project**. A script without a project is a personal draft: only you and staff can open it.",
            "Write in the **Script (Fountain)** editor. The **Preview** beside it (below it on a phone) shows the script as printed pages while you type.",
            "Leave the page whenever you like: what you type is saved a moment after you pause, and the status above the script says **All changes saved**.",
          ],
        },
        {
          table: {
            head: ["You type", "You get"],
            rows: [
              ["INT. KITCHEN - NIGHT", "A scene heading (also EXT., INT./EXT., or a line starting with a full stop)"],
              ["A line in capitals, then a line of text under it", "A character and their dialogue"],
              ["(quietly) under a character", "A parenthetical"],
              ["BOB ^ after another character's speech", "Dual dialogue, side by side"],
              ["CUT TO: or > FADE OUT", "A transition, at the right margin"],
              ["> THE END <", "Centred text"],
              ["Title:, Credit:, Author:, Draft date: at the very top", "The title page"],
              ["===", "A page break"],
            ],
          },
        },
        {
          p: "The editor moves between elements with the keys, as Final Draft and Highland do. The label above the script (right) shows the element the cursor is in, and a screen reader announces it when it changes. What you type is stored as plain Fountain: the keys only add line breaks, and the brackets of a parenthetical.",
        },
        {
          table: {
            head: ["Where you are", "Key", "What happens"],
            rows: [
              ["At the end of a scene heading or of action", "Enter", "A new paragraph of action"],
              [
                "On an empty line",
                "Tab",
                "A character: what you type is written in capitals; Tab again makes a transition",
              ],
              ["At the end of a character", "Enter", "Their dialogue, on the next line"],
              [
                "In dialogue (at its end, or on an empty line under it)",
                "Tab or (",
                "A parenthetical: () with the cursor inside",
              ],
              ["In a parenthetical", "Enter", "Back to the dialogue, on the next line"],
              ["At the end of dialogue", "Enter", "A new paragraph: action, or Tab for the next character"],
              ["At the end of a transition", "Enter", "A new paragraph for the next scene heading"],
              ["Anywhere", "Shift+Enter", "A plain line break"],
            ],
          },
        },
        {
          p: "While you type, the editor offers the script's own characters on a character line, its locations after INT. or EXT., INT./EXT. when a line starts in capitals, and times of day after the dash: choose one with the arrow keys and Enter, or keep typing. Tab leaves the editor where it has nothing to do (at the end of action), so the keyboard can always move on.",
        },
        {
          p: "The pages follow the industry format as Final Draft's default template lays it out: Courier 12 pt, 54 lines a page between one-inch margins, two blank lines above each scene heading, scene headings and action from 1.5 inches, characters at 3.7 inches and dialogue at 2.5 inches, so a script runs to about the page count Final Draft gives it. A scene heading never sits alone at the foot of a page, and a long speech breaks after a sentence and continues with (MORE) and (CONT'D). **Export PDF** prints exactly these pages.",
        },
        {
          p: "The script is read as the Fountain syntax page and the common Fountain apps read it:",
        },
        {
          list: [
            "A transition is a line in capitals ending exactly in TO: (a space after the colon makes it action), or any line starting with >.",
            "A line starting with ! is always action, @ always a character (keeping its case, as in @McCLANE), . a scene heading and ~ a sung line.",
            "^ after a character puts the speech beside the one before it; with no speech before, it is an ordinary one.",
            "Spaces at the start of an action line are kept as its indent; [[notes]] and /* boneyard */ are never printed.",
          ],
        },
      ],
    },
    {
      id: "import",
      heading: "Importing a script",
      blocks: [
        {
          p: "Choose **Import** and pick a Fountain file (.fountain or .txt) or a Final Draft file (.fdx), up to 900 KB. A Final Draft script is turned into Fountain, keeping its scene numbers, emphasis, centred lines, page breaks, dual dialogue and the whole title page (credit, author, source, draft date, contact); its script notes become notes in the text and each scene's title and summary its synopsis. A file written in a revision (its changed text marked, say, Pink) comes in as that revision, so the next one you save is Yellow; that revision's **PDF** prints a **\\*** beside each line the file marks as changed in it (every revision's marks when the file shows all of them). The title comes from the file unless you type one.",
        },
        {
          p: "**Export Final Draft** in the editor downloads the saved draft as a Final Draft file (.fdx) that Final Draft opens: every printed element with its bold, italic and underline, the scene numbers the pages print, dual dialogue, sung lines, centred lines, page breaks and the title page. Sections and synopses, your outline, stay in the portal. Importing the file again gives the same script. Under **Revisions**, each revision has its own **Final Draft** link: the file is that revision, with its colour and its changed lines marked, as Final Draft keeps revised pages.",
        },
        {
          p: "Another kind of file, an empty one, or text that is not UTF-8 is refused with a message saying what to do; nothing is created.",
        },
      ],
    },
    {
      id: "together",
      heading: "When two people write at once",
      blocks: [
        {
          p: "The writer, the project's crew and staff can edit a project's script. If someone else saved while you were typing, your text is not saved over theirs: a box shows **red lines** that are only theirs and **green lines** that are only yours.",
        },
        {
          list: [
            "**Keep my text** saves your version over theirs, now that you have seen it.",
            "**Take their text** replaces yours with theirs.",
          ],
        },
        {
          note: "Until it is saved, your typing is also kept in this browser: if the tab closes or the connection drops, it is back in the editor the next time you open the screenplay.",
        },
      ],
    },
    {
      id: "revisions",
      heading: "Revisions, comparing and restoring",
      blocks: [
        {
          p: "In **Revisions**, write a **Revision name** such as “Blue pages after table read” and choose **Save revision**. A revision is a copy of the saved draft that never changes. Revisions take the industry's colours in order: white, blue, pink, yellow, green, goldenrod, buff, salmon, cherry, then white again.",
        },
        {
          p: "Under **Compare**, choose **From** and **To** (any two revisions, or the current draft): added lines are green, removed lines red, and unchanged stretches are folded away. **Restore** makes a revision's text the current draft again, after you confirm; the revisions themselves all stay. **PDF** prints a revision with its name and colour in the header, and a **\*** in the right margin beside every line changed since the revision before it (the current draft's PDF marks what changed since the latest revision). The **Preview** shows the current draft's **\\*** marks too, as you type: change a line after saving a revision and its mark appears beside it (hover over it to read “Changed since the last revision”).",
        },
      ],
    },
    {
      id: "scene-numbers",
      heading: "Locking scene numbers",
      blocks: [
        {
          p: "Once the shoot is being planned, choose **Lock scene numbers**. Each scene heading gets its number written in (for example #12#). From then on a scene added after scene 12 becomes **12A**, then 12B, and a scene you delete stays in the script as **12 OMITTED**, so call sheets and the schedule keep meaning the same scenes. A scene added before scene 1 becomes **A1**.",
        },
        {
          p: "**Unlock scene numbers** keeps every number: the portal remembers the last locked numbering. **Locking again** gives every scene its locked number back, writes the numbers of scenes added since (12A, 12B…) into their headings, and keeps a deleted scene's number as OMITTED, so no two scenes ever share a number and a cut number is never given to a new scene. The breakdown's tags and the stripboard's strips stay with their scenes; the tags and strips of a cut scene are still shown, under its OMITTED number, until you move or remove them.",
        },
        {
          p: "A scene's written number (#12#) is how the portal knows it through your edits, so leave it in the heading when you rewrite or move the scene. If you paste a copy of a heading, the copy is a new scene and gets a number of its own. Lock again after adding scenes, before you tag them in the breakdown or schedule them: until then a new scene's number can still change when another scene is added next to it.",
        },
      ],
    },
    {
      id: "scenes",
      heading: "The scene navigator: going to a scene, moving scenes",
      blocks: [
        {
          p: "**Scenes** lists every scene with its number, heading, page and length; the scene the cursor is in is highlighted. Choose a scene to put the cursor on its heading in the text.",
        },
        {
          p: "While scene numbers are not locked, drag a scene to another place in the list, or use its **up** and **down** arrows (from the keyboard and on a phone): the scene moves in the text with everything written in it, and the draft saves as after any edit. Once scene numbers are locked, scenes stay where they are: unlock them first, or cut and paste the text.",
        },
      ],
    },
    {
      id: "title-page",
      heading: "The title page",
      blocks: [
        {
          p: "**Title page** beside the script is a form for the script's first lines: **Title**, **Credit** (“Written by”), **Author**, **Source**, **Draft date**, **Contact** and **Copyright**. Choose **Apply to the script** and the lines are written at the top of the text, where you may also type them by hand; the draft saves as after any edit, and the preview and the PDF print them on a page of their own. Empty a field to drop its line; other lines you typed there (Notes:, Revision:) are kept.",
        },
      ],
    },
    {
      id: "reports",
      heading: "Reports",
      blocks: [
        { p: "**Reports** follows the text as you type:" },
        {
          list: [
            "**Scenes**: number, INT or EXT, location, time of day, the page it starts on, its length in eighths of a page, and who speaks in it.",
            "**Characters**: the scenes each character speaks in, their speeches and their printed lines of dialogue.",
            "**Locations**: each place with its scenes and total length.",
            "The page count, the length in pages and eighths, and the estimated running time: a page is about a minute on screen.",
          ],
        },
      ],
    },
    {
      id: "notes",
      heading: "Notes from the supervisor and crew",
      blocks: [
        {
          p: "Put the cursor on a line of the script (or click the line in the preview), open **Notes**, write the note and choose **Add note**. The note keeps its scene and line; lines with open notes are highlighted in the preview. The project's supervisor, its crew, staff and the writer can comment.",
        },
        {
          p: "The writer (or anyone who can edit) chooses **Resolve** when a note is dealt with; **Reopen** brings it back. The screenplay list shows how many notes are still open.",
        },
      ],
    },
  ],
};
