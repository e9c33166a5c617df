import type { ComponentType } from "react";
import type { ProfileDto } from "../../../common/profile.ts";
import { AreasSection } from "./AreasSection.tsx";
import { MyProjectsSection, UpcomingSection } from "./HomeWidgets.tsx";

export interface HomeSectionProps {
  profile: ProfileDto;
}

export interface HomeSection {
  id: string;
  Component: ComponentType<HomeSectionProps>;
}

/** The home page, top to bottom; each later area adds its widget here. */
export const HOME_SECTIONS: HomeSection[] = [
  { id: "my-projects", Component: MyProjectsSection },
  { id: "upcoming", Component: UpcomingSection },
  { id: "areas", Component: AreasSection },
];
