import type { ComponentType } from "react";
import type { ProfileDto } from "../../../common/profile.ts";

/** What every home widget is given; apart from the list in sections.ts, which imports the widgets. */
export interface HomeSectionProps {
  profile: ProfileDto;
}

export interface HomeSection {
  id: string;
  Component: ComponentType<HomeSectionProps>;
}
