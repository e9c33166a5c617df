import { AreasSection } from "./AreasSection.tsx";
import { MyProjectsSection, UpcomingSection } from "./HomeWidgets.tsx";
import type { HomeSection } from "./home-section.ts";
import { SafetyAwaitingSection } from "./SafetyAwaiting.tsx";

/** The home page, top to bottom; each later area adds its widget here. */
export const HOME_SECTIONS: HomeSection[] = [
  { id: "my-projects", Component: MyProjectsSection },
  { id: "upcoming", Component: UpcomingSection },
  { id: "areas", Component: AreasSection },
  // Last: it appears once its answer comes, and pushes nothing down when it does.
  { id: "safety-awaiting", Component: SafetyAwaitingSection },
];
