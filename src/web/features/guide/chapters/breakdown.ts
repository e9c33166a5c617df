import type { GuideChapter } from "./types.ts";

export const breakdown: GuideChapter = {
  slug: "breakdown",
  title: "Breaking down a script",
  summary:
    "Tagging cast, props, wardrobe and the other elements of each scene, the element lists across the script, and safety flags that add a safety plan to the greenlight checklist.",
  sections: [
    {
      id: "start",
      heading: "Starting the breakdown",
      blocks: [
        {
          p: "A project's breakdown is on its page, in the **Breakdown** tab (the Screenplay place of the Overview links to it). When the project has more than one screenplay, choose which one under **Screenplay**.",
        },
        {
          p: "Elements stay with their scenes by **locked scene number**. If the numbers are not locked yet, the tab says so: choose **Lock scene numbers** first. After that, a scene added to the script becomes an A-scene (12A) and a cut scene is shown as OMITTED with its elements kept, so no tag ever moves to the wrong scene. A scene added since the last lock waits for the next one before it can be tagged (the tab names it and offers **Lock scene numbers**): until its number is written in, another new scene beside it could take that number. Unlocking and locking again keeps every tag and safety flag with its scene.",
        },
        {
          note: "The writer, the project's crew and staff can tag elements and decide safety flags. Everyone signed in can read the breakdown of a project's script.",
        },
      ],
    },
    {
      id: "tag",
      heading: "Tagging elements in a scene",
      blocks: [
        {
          steps: [
            "Choose a scene in the **Scenes** list on the left. Its text is shown in the scene sheet.",
            "Select the words of the element in the scene's text, with the mouse or with Shift and the arrow keys. They appear in the **Element** box.",
            "Choose its **Category** and choose **Tag**. The element appears under its category, in its colour.",
            "To add something the script does not name (a costume, a sound), type it in **Element** yourself and choose **Tag**.",
          ],
        },
        {
          p: "The characters who speak in the scene are offered as buttons (**Add MARTA to cast**). To remove an element, choose the × beside it.",
        },
        {
          p: "Tagged words are marked in the scene's text as a breakdown sheet marks them by hand: cast red, extras green, stunts orange, special effects blue, props violet, vehicles and animals pink, sound brown, wardrobe circled and make-up starred. Hover a mark to read its category.",
        },
        {
          p: "The screenplay editor's **Preview** marks the same words on the script's pages. Turn them off or on with **Show breakdown colours** above the pages (the choice is kept on this device); the list beside it says what each colour is.",
        },
        {
          table: {
            head: ["Category", "For"],
            rows: [
              ["Cast", "Speaking parts"],
              ["Extras", "People in the background"],
              ["Props", "Objects the cast handles"],
              ["Wardrobe, Make-up", "Costumes, hair, wounds, ageing"],
              ["Vehicles, Animals", "Anything that drives, rides or needs a handler"],
              ["Special effects, Stunts", "Rain, smoke, breakaways, falls, fights"],
              ["Sound", "Playback and sound that must be recorded on set"],
              ["Locations", "The places the scene needs"],
            ],
          },
        },
        {
          p: "**Element lists** below the scene sheet gather every tag across the script by category, with the scenes each element appears in: the props list is the props department's shopping list.",
        },
      ],
    },
    {
      id: "safety",
      heading: "Safety flags",
      blocks: [
        {
          p: "The portal reads each scene for words that suggest a hazard — weapons, water, fire, heights, minors, intimacy and vehicles — and lists them under **Safety flags** with the words it found. A suggestion is only a suggestion: you decide.",
        },
        {
          list: [
            "**Confirm** a flag when the scene really needs care. The project's **Greenlight** checklist gets an item such as “Safety plan: weapons (scene 12)”, which staff tick once the safety plan is in place. Until then the project cannot move into production without an override.",
            "**Dismiss** a flag the words raised by accident (an office tower is not a height). It is not suggested again.",
          ],
        },
        {
          note: "A decision is kept on record: a confirmed flag stays confirmed even if the words are later rewritten, and the project's activity notes who confirmed it.",
        },
      ],
    },
  ],
};
