/**
 * SPEC §2's pages (all but /auth, which is in the app's first load): each one's route, the module that draws
 * it (under src/web) and its frame. Pure data, read three ways: the router loads a page's module on its
 * first visit; the build lists the code each page needs (vite.config.ts); the server names that code in the
 * page's HTML, so a browser fetches it alongside the app's own instead of after it (lib/page-html.ts).
 *
 * Frames: `none` — a page of its own (outside people sign on a phone without the portal's navigation);
 * `signed-in` — inside the portal's frame, for signed-in people only; `public` — inside the frame, open to all.
 */
import { can, type Capability, type Role } from "../../common/roles.ts";

export type PageFrame = "none" | "signed-in" | "public";

export interface PageEntry {
  /** The route from the root; `:name` is one path segment. */
  path: string;
  /** Relative to src/web. */
  module: string;
  frame: PageFrame;
  /** A detail page: what its id names and the way back, for the not-found state when the API answers 404. */
  missing?: { what: string; back: { to: string; label: string } };
  /** Tabs (`?tab=`) whose code the page loads when opened: each tab's module, named in the HTML of a first load on that tab. */
  tabs?: Record<string, string>;
  /** The capability (`common/roles.ts`) a page is for: the menu lists it, and the page opens, only to the roles that have it. */
  need?: Capability;
}

export const SHELL_MODULE = "app/Shell.tsx";
/** The query cache around every page (not /auth), loaded with the first page that needs it. */
export const QUERY_MODULE = "app/QueryLayer.tsx";

export const PAGES: readonly PageEntry[] = [
  { path: "/reset-password", module: "features/auth/ResetPasswordPage.tsx", frame: "none" },
  { path: "/accept-invitation", module: "features/users/AcceptInvitationPage.tsx", frame: "none" },
  { path: "/signature/:submissionId/:signatureId", module: "features/documents/SigningPage.tsx", frame: "none" },
  // A person at a casting or on set scans a QR code and signs their own release, with no account (issue 20).
  { path: "/release/:token", module: "features/documents/ReleaseLinkPage.tsx", frame: "none" },
  // An outside reviewer watches one version of a cut, on a phone too, with no account (issue 21).
  { path: "/review/:token", module: "features/review/GuestReviewPage.tsx", frame: "none" },
  // Its own frame: it opens without signal from what the phone kept, before the session can be asked (TodayPage).
  { path: "/today", module: "features/daily-reports/TodayPage.tsx", frame: "none" },
  { path: "/", module: "features/home/HomePage.tsx", frame: "signed-in" },
  { path: "/production-overview", module: "features/overview/ProductionOverviewPage.tsx", frame: "signed-in" },
  { path: "/screenplays", module: "features/screenplays/ScreenplaysPage.tsx", frame: "signed-in" },
  {
    path: "/screenplays/:id",
    module: "features/screenplays/ScreenplayEditorPage.tsx",
    frame: "signed-in",
    missing: { what: "Screenplay", back: { to: "/screenplays", label: "Back to Screenplays" } },
  },
  { path: "/projects", module: "features/projects/ProjectsPage.tsx", frame: "signed-in" },
  {
    path: "/project/:id",
    module: "features/projects/ProjectPage.tsx",
    frame: "signed-in",
    missing: { what: "Project", back: { to: "/projects", label: "Back to Projects" } },
    tabs: {
      breakdown: "features/screenplays/BreakdownTab.tsx",
      schedule: "features/schedule/ScheduleTab.tsx",
      shots: "features/shots/ShotsTab.tsx",
      budget: "features/budgets/BudgetTab.tsx",
      documents: "features/documents/DocumentsTab.tsx",
      safety: "features/safety/SafetyTab.tsx",
      delivery: "features/delivery/DeliveryTab.tsx",
      insurance: "features/insurance/InsuranceTab.tsx",
      post: "features/review/PostTab.tsx",
    },
  },
  {
    path: "/project/:id/cut/:cutId",
    module: "features/review/CutPage.tsx",
    frame: "signed-in",
    missing: { what: "Cut", back: { to: "/projects", label: "Back to Projects" } },
  },
  {
    path: "/project/:id/daily-report/:dayId",
    module: "features/daily-reports/DailyReportPage.tsx",
    frame: "signed-in",
    missing: { what: "Daily production report", back: { to: "/projects", label: "Back to Projects" } },
  },
  {
    path: "/equipment-admin",
    module: "features/equipment/EquipmentAdminPage.tsx",
    frame: "signed-in",
    need: "equipment.office",
  },
  { path: "/equipment", module: "features/equipment/EquipmentPage.tsx", frame: "signed-in" },
  {
    path: "/equipment/items/:id",
    module: "features/equipment/ItemPage.tsx",
    frame: "signed-in",
    missing: { what: "Equipment item", back: { to: "/equipment", label: "Back to Equipment" } },
  },
  { path: "/admin", module: "features/admin/AdminDashboardPage.tsx", frame: "signed-in", need: "dashboard" },
  { path: "/settings", module: "features/settings/SettingsPage.tsx", frame: "signed-in" },
  { path: "/courses", module: "features/courses/CoursesPage.tsx", frame: "signed-in" },
  { path: "/projects/documentary", module: "features/projects/DocumentaryProjectsPage.tsx", frame: "signed-in" },
  { path: "/guide", module: "features/guide/GuidePage.tsx", frame: "signed-in" },
  { path: "/guide/:chapter", module: "features/guide/GuidePage.tsx", frame: "signed-in" },
  {
    path: "/user-management",
    module: "features/users/UserManagementPage.tsx",
    frame: "signed-in",
    need: "school.admin",
  },
  {
    path: "/view-document",
    module: "features/documents/ViewDocumentPage.tsx",
    frame: "signed-in",
    missing: { what: "Document", back: { to: "/projects", label: "Back to Projects" } },
  },
  { path: "/test-notifications", module: "features/notifications/TestNotificationsPage.tsx", frame: "signed-in" },
  { path: "/email-test", module: "features/notifications/EmailTestPage.tsx", frame: "public" },
  { path: "/test", module: "features/testing/TestPage.tsx", frame: "public" },
  {
    path: "/budget-approval/:proposalId",
    module: "features/budgets/BudgetApprovalPage.tsx",
    frame: "public",
    missing: { what: "Budget version", back: { to: "/projects", label: "Back to Projects" } },
  },
  {
    path: "/budget-approval-redirect/:proposalId",
    module: "features/budgets/BudgetApprovalRedirectPage.tsx",
    frame: "public",
  },
  { path: "/call-sheet-confirm/:recipientId", module: "features/schedule/CallSheetConfirmPage.tsx", frame: "public" },
  { path: "/insurance-answer/:requestId", module: "features/insurance/InsuranceAnswerPage.tsx", frame: "public" },
  { path: "/locations", module: "features/locations/LocationsPage.tsx", frame: "signed-in" },
];

/** Whether a person of this role may open the page at `path` (a page with no `need` is for everyone it is framed for). */
export function mayOpen(path: string, role: Role | undefined): boolean {
  const need = PAGES.find((p) => p.path === path)?.need;
  return !need || (role !== undefined && can(role, need));
}
