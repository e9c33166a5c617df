import {
  BookOpen,
  Camera,
  Clapperboard,
  FileText,
  LayoutDashboard,
  Settings,
  Users,
  Video,
  type LucideIcon,
} from "lucide-react";

export interface Area {
  title: string;
  to: string;
  purpose: string;
  icon: LucideIcon;
  /** Who runs the area; the server enforces it, the card only tells people before they click. */
  runBy?: string;
}

export const AREAS: Area[] = [
  {
    title: "Production Overview",
    to: "/production-overview",
    purpose: "Every production in the school at a glance: its stage, shoot dates and what needs attention next.",
    icon: Clapperboard,
  },
  {
    title: "Screenplays",
    to: "/screenplays",
    purpose: "Write and revise drafts, and keep your supervisor's notes beside each version.",
    icon: FileText,
  },
  {
    title: "Documentary Projects",
    to: "/projects/documentary",
    purpose: "Documentary work from research to delivery: subjects, release forms and shoot plans.",
    icon: Video,
  },
  {
    title: "Equipment",
    to: "/equipment",
    purpose: "Cameras, sound and lighting kit: what is reserved, what is out on set and when it comes back.",
    icon: Camera,
    runBy: "Run by the equipment office",
  },
  {
    title: "Admin Dashboard",
    to: "/admin",
    purpose: "School-wide settings, budget rules and the state of the portal.",
    icon: LayoutDashboard,
    runBy: "For administrators",
  },
  {
    title: "User Management",
    to: "/user-management",
    purpose: "Accounts of students and staff, and the role each one holds.",
    icon: Users,
    runBy: "For administrators",
  },
  {
    title: "Guide",
    to: "/guide",
    purpose: "How the portal works, chapter by chapter, with a search across all of it.",
    icon: BookOpen,
  },
  {
    title: "Settings",
    to: "/settings",
    purpose: "Change the name others see on your work, and your password.",
    icon: Settings,
  },
];
