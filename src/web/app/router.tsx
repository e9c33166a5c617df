import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, useSearchParams, type DataRouter, type NonIndexRouteObject, type RouteObject } from "react-router";
import { PageSkeleton } from "../components/PageSkeleton.tsx";
import { useAuth } from "../features/auth/AuthProvider.tsx";
import { AuthScreen } from "../features/auth/AuthScreen.tsx";
import { safeNext } from "../lib/next.ts";
import { recordTiming } from "../lib/perf.ts";
import { NotFound } from "./NotFound.tsx";
import { RequireAuth } from "./RequireAuth.tsx";
import { RouteError } from "./RouteError.tsx";

/** A page whose code arrives when it is first visited, with the error screen as its boundary. */
function page(load: () => Promise<{ default: ComponentType }>): NonIndexRouteObject {
  return { lazy: async () => ({ Component: (await load()).default }), errorElement: <RouteError /> };
}

/** The frame of every page but the sign-in and reset screens; it stays out of /auth's first load. */
const shell: NonIndexRouteObject = { lazy: async () => ({ Component: (await import("./Shell.tsx")).Shell }) };

/** /auth: the sign-in screen, or (once signed in) the page named by ?next=, else home. */
function AuthRoute() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  return user ? <Navigate to={safeNext(params.get("next")) ?? "/"} replace /> : <AuthScreen routed />;
}

/** SPEC §2's route map. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError standalone />,
    HydrateFallback: PageSkeleton,
    children: [
      { path: "auth", element: <AuthRoute />, errorElement: <RouteError standalone /> },
      { path: "reset-password", ...page(() => import("../features/auth/ResetPasswordPage.tsx")) },
      { path: "accept-invitation", ...page(() => import("../features/users/AcceptInvitationPage.tsx")) },
      // Outside people sign on a phone: a page of its own, without the portal's navigation.
      { path: "signature/:submissionId/:signatureId", ...page(() => import("../features/documents/SigningPage.tsx")) },
      {
        element: <RequireAuth />,
        children: [
          {
            ...shell,
            children: [
              { ...page(() => import("../features/home/HomePage.tsx")), index: true, children: undefined },
              { path: "production-overview", ...page(() => import("../features/overview/ProductionOverviewPage.tsx")) },
              { path: "screenplays", ...page(() => import("../features/screenplays/ScreenplaysPage.tsx")) },
              { path: "screenplays/:id", ...page(() => import("../features/screenplays/ScreenplayEditorPage.tsx")) },
              { path: "projects", ...page(() => import("../features/projects/ProjectsPage.tsx")) },
              { path: "project/:id", ...page(() => import("../features/projects/ProjectPage.tsx")) },
              { path: "equipment-admin", ...page(() => import("../features/equipment/EquipmentAdminPage.tsx")) },
              { path: "equipment", ...page(() => import("../features/equipment/EquipmentPage.tsx")) },
              { path: "equipment/items/:id", ...page(() => import("../features/equipment/ItemPage.tsx")) },
              { path: "admin", ...page(() => import("../features/admin/AdminDashboardPage.tsx")) },
              { path: "settings", ...page(() => import("../features/settings/SettingsPage.tsx")) },
              { path: "projects/documentary", ...page(() => import("../features/projects/DocumentaryProjectsPage.tsx")) },
              { path: "guide", ...page(() => import("../features/guide/GuidePage.tsx")) },
              { path: "guide/:chapter", ...page(() => import("../features/guide/GuidePage.tsx")) },
              { path: "user-management", ...page(() => import("../features/users/UserManagementPage.tsx")) },
              { path: "view-document", ...page(() => import("../features/documents/ViewDocumentPage.tsx")) },
              { path: "test-notifications", ...page(() => import("../features/notifications/TestNotificationsPage.tsx")) },
            ],
          },
        ],
      },
      {
        ...shell,
        children: [
          { path: "email-test", ...page(() => import("../features/notifications/EmailTestPage.tsx")) },
          { path: "test", ...page(() => import("../features/testing/TestPage.tsx")) },
          { path: "budget-approval/:proposalId", ...page(() => import("../features/budgets/BudgetApprovalPage.tsx")) },
          { path: "budget-approval-redirect/:proposalId", ...page(() => import("../features/budgets/BudgetApprovalRedirectPage.tsx")) },
          { path: "call-sheet-confirm/:recipientId", ...page(() => import("../features/schedule/CallSheetConfirmPage.tsx")) },
          { path: "*", element: <NotFound />, errorElement: <RouteError /> },
        ],
      },
    ],
  },
];

/** The matched route's pattern ("/project/:id"), so that timings of one page add up under one name. */
function patternOf(state: DataRouter["state"]): string {
  const parts = state.matches.map((m) => m.route.path).filter((p): p is string => !!p);
  return `/${parts.join("/")}`;
}

/**
 * SPEC §9's log for route loads: from the start of a navigation (the page's own start for the first
 * one) until the router settles on the new page with its code loaded.
 */
function timeRouteLoads(router: DataRouter) {
  let started: number | null = router.state.initialized ? null : 0;
  if (router.state.initialized) recordTiming("route", patternOf(router.state), performance.now());
  router.subscribe((state) => {
    if (state.navigation.state !== "idle") {
      started ??= performance.now();
      return;
    }
    if (started === null || !state.initialized) return;
    recordTiming("route", patternOf(state), performance.now() - started);
    started = null;
  });
}

export function createRouter() {
  const router = createBrowserRouter(routes);
  timeRouteLoads(router);
  return router;
}
