import type { GuideChapter } from "./types.ts";

export const shots: GuideChapter = {
  slug: "shot-lists-and-storyboards",
  title: "Shot lists and storyboards",
  summary:
    "Planning each scene shot by shot: the shot list with size, angle, movement, lens and setup time, the storyboard frame of each shot (uploaded or drawn), the printed storyboard and shot list, and the setups on the call sheet.",
  sections: [
    {
      id: "shot-list",
      heading: "The shot list",
      blocks: [
        {
          p: "Every scene of the project's screenplay has its own shot list: the shots the director and the DP plan, in the order they will be slated. The scenes are the ones the schedule plans from, so scene 4 here is scene 4 on the stripboard and the call sheet. The crew, staff and admins plan; everyone signed in can read.",
        },
        {
          steps: [
            "Open the project and choose its **Shots** tab.",
            "Choose the **Scene**.",
            "Under **New shot** choose the size, angle and movement, type the lens in millimetres and the setup time in minutes if you know them, describe the shot, and choose **Add shot**.",
            "Change any field of a shot where it stands: a list saves as you leave the field, and **Done** ticks a shot off on the day.",
          ],
        },
        {
          table: {
            head: ["Field", "What it holds"],
            rows: [
              ["Size", "ECU, CU, MCU, MS, MLS, LS, ELS, over the shoulder or insert"],
              ["Angle", "Eye level, high, low, overhead, Dutch, shoulder, hip or ground level"],
              ["Movement", "Static, pan, tilt, dolly, tracking, zoom, handheld, Steadicam, gimbal, crane or drone"],
              ["Lens", "The focal length in mm, a whole number"],
              ["Setup", "Minutes to light and rig the shot; the scene's total shows above its list"],
            ],
          },
        },
      ],
    },
    {
      id: "numbers",
      heading: "Shot numbers and order",
      blocks: [
        {
          p: "Shots are numbered after their scene in their order: 1A, 1B, 1C… The letters I and O are left out, as on a slate, so they are never read as 1 and 0. **Up** and **Down** move a shot a place earlier or later, and the numbers follow the new order.",
        },
        {
          p: "To keep a number whatever the order (a pickup shot the editor already knows as 4X, say), type it in the shot's **Number** field. Empty the field to give the shot its automatic number back. Two shots of a scene cannot show the same number.",
        },
      ],
    },
    {
      id: "storyboard",
      heading: "The storyboard",
      blocks: [
        {
          p: "Choose **Storyboard** to see the scene's shots as frames, each with its number, camera and description under it.",
        },
        {
          list: [
            "**Upload frame** takes a PNG or JPEG picture of up to 5 MB: a scanned sketch, a photo from the location scout or a frame from a previs. The portal checks what the file contains, not its name.",
            "**Draw frame** opens a blank 16:9 frame to sketch on with the mouse, a pen or a finger; **Save drawing** keeps it as the shot's frame.",
            "**Remove frame** takes the frame away; the shot stays.",
          ],
        },
      ],
    },
    {
      id: "print",
      heading: "Printing and the call sheet",
      blocks: [
        {
          p: "**Print storyboard (PDF)** prints every shot of every scene six to a page, each frame with its shot number, size, angle, movement, lens, setup time and description; a shot without a frame prints as an empty box to sketch in by hand. **Print shot list (PDF)** prints the list as a table per scene with its setup time.",
        },
        {
          p: "The call sheet of a shoot day shows, for each of the day's scenes with a shot list, how many shots it has and their setup time, on the page and in its printed copy, so the crew can see how full the day is.",
        },
      ],
    },
  ],
};
