import type { GuideChapter } from "./types.ts";

export const review: GuideChapter = {
  slug: "reviewing-a-cut",
  title: "Reviewing a cut",
  summary:
    "Post-production in the portal: uploading a cut, the web copy made of it, notes at timecodes, versions, the supervisor's decision and picture lock, guest review links for people without an account, and the notes exported for the editing software.",
  sections: [
    {
      id: "upload",
      heading: "Uploading a cut",
      blocks: [
        {
          p: "A **cut** is one edit of the film (“Rough cut”, “Fine cut”); each file uploaded of it is a **version**: v1, v2 and so on. The crew, staff and admins of a project upload; everyone signed in can watch.",
        },
        {
          steps: [
            "Open the project and choose its **Post** tab.",
            "Under **New cut** give it a title and choose **Upload new cut**, or choose **Upload new version** on a cut already there.",
            "Choose the video file. Files of several gigabytes are fine: the upload shows its progress, **Pause** and **Resume** stop and go on, and it carries on where it stopped if the connection drops or the laptop sleeps.",
          ],
        },
        {
          note: "Export from the editing software with the timeline's own start timecode (often 01:00:00:00). The portal reads it from the file, so the timecodes in the portal are the ones in the edit.",
        },
      ],
    },
    {
      id: "proxy",
      heading: "The web copy",
      blocks: [
        {
          p: "After an upload the portal makes a **web copy** of the version (an H.264 MP4 that plays in every browser and on phones), a poster frame and a strip of thumbnails. The version shows how far along this is. The original file is kept as uploaded.",
        },
        {
          p: "Until the web copy is ready the player plays the original when the browser can. Should the server have no video tools installed, the portal says so and makes the copy once they are there.",
        },
      ],
    },
    {
      id: "notes",
      heading: "Notes at timecodes",
      blocks: [
        {
          p: "The player shows the timecode of the frame on screen. Step a frame back or forward with the arrow buttons (or the ← and → keys while paused), and change the speed for a closer look.",
        },
        {
          steps: [
            "Play to the moment the note is about, or pause on its frame.",
            "Start typing: the picture stops, and the button says where the note goes, e.g. **Add note at 01:00:04:12**. A note can also cover a range, and you can draw on the frame.",
            "Add the note. It shows in the list beside the player and as a mark on the timeline; click either to go back to that frame.",
          ],
        },
        {
          p: "Anyone can reply to a note. When the editor has dealt with one, they mark it **resolved**. Filter the list by reviewer, or by open and resolved notes.",
        },
      ],
    },
    {
      id: "versions",
      heading: "Versions",
      blocks: [
        {
          p: "Upload the next version of a cut after working through its notes. The notes still open on the previous version can be carried forward to the new one with **Carry open notes from v1** (the version before), each still linked to where it came from, so nothing is forgotten between versions.",
        },
        {
          p: "To compare, choose a version under **Compare with**: the two play side by side, and play, pause, seek, frame steps and speed follow the version on the page.",
        },
      ],
    },
    {
      id: "decision",
      heading: "The supervisor's decision and picture lock",
      blocks: [
        {
          p: "The project's supervisor (or an admin) decides on a version, with a note for the crew if they like: **Approve**, or **Request changes**. The decision shows on the version for the whole crew.",
        },
        {
          p: "Ticking **Picture lock** and choosing **Approve as picture lock** says the edit is final: the portal ticks the production's post milestone and the delivery checklist's item for it. Sound, music and colour then work on that version.",
        },
      ],
    },
    {
      id: "guest-links",
      heading: "Asking someone without an account: guest review links",
      blocks: [
        {
          p: "A composer, a mentor or a festival adviser can watch one version and leave notes without an account. Those who may change the project make a **review link** for them on the version.",
        },
        {
          steps: [
            "Under **Guest review**, fill in **For whom** (e.g. “Composer – Ana”), choose how long the link stays open (1 to 90 days; two weeks unless you choose otherwise) and, if you like, a **Password**.",
            "Choose **Make review link** and then **Copy link**. Send it to the person; send the password separately, in another message.",
            "The portal shows a link only this once. Lost it? Make a new one and turn the old one off.",
          ],
        },
        {
          p: "The reviewer opens the link, gives their name (and the password), and sees the player with the version's notes. Their notes appear under their name, marked **Guest**, for the whole crew. They see that one version and its notes, nothing else of the project.",
        },
        {
          p: "The list of links says how often each was opened, by whom and when last. **Turn off** closes a link at once; a link also closes by itself when its time is up. Notes written through it stay.",
        },
      ],
    },
    {
      id: "exports",
      heading: "Notes for the editing room",
      blocks: [
        {
          p: "Under **Download the notes**, each version's notes come as:",
        },
        {
          table: {
            head: ["File", "what it is for"],
            rows: [
              ["PDF", "reading and printing: each note's timecode, author, text, replies and whether it is resolved."],
              ["CSV", "a spreadsheet: timecode in, timecode out, author, note, status and replies, one note a row."],
              [
                "EDL markers",
                "the edit: in DaVinci Resolve right-click the timeline, **Timelines › Import › Timeline Markers from EDL**; Avid Media Composer reads its locators. Open notes come in red, resolved ones in green.",
              ],
            ],
          },
        },
        {
          note: "The markers land on the frames the notes were written on when the timeline starts at the same timecode as the uploaded file.",
        },
      ],
    },
  ],
};
