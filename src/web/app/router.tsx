import type { ComponentType } from "react";
import {
  createBrowserRouter,
  Navigate,
  useSearchParams,
  type DataRouter,
  type NonIndexRouteObject,
  type RouteObject,
} from "react-router";
import { PageSkeleton } from "../components/PageSkeleton.tsx";
import { useAuth } from "../features/auth/AuthProvider.tsx";
import { AuthScreen } from "../features/auth/AuthScreen.tsx";
import { safeNext } from "../lib/next.ts";
import { recordTiming } from "../lib/perf.ts";
import { loadCode } from "./code-load.ts";
import { NotFound } from "./NotFound.tsx";
import { PAGES, QUERY_MODULE, SHELL_MODULE, type PageEntry, type PageFrame } from "./pages.ts";
import { RequireAuth } from "./RequireAuth.tsx";
import { RouteError } from "./RouteError.tsx";

const pageModules = import.meta.glob<{ default: ComponentType }>("../features/*/*Page.tsx");

/**
 * A route's component whose code arrives on first visit. Code that cannot be fetched becomes a component
 * that throws, so the route's error screen shows it: a rejected `lazy` left the whole app blank.
 */
function lazyComponent(module: string, load: () => Promise<ComponentType>) {
  return async () => {
    try {
      return { Component: await loadCode(module, load, destination) };
    } catch (error) {
      return {
        Component: () => {
          throw error;
        },
      };
    }
  };
}

let current: DataRouter | null = null;
/** Where the router is going (or is, on the first load): the address a fresh load must open. */
function destination(): string {
  const to = current?.state.navigation.location ?? current?.state.location ?? window.location;
  return `${to.pathname}${to.search}${to.hash}`;
}

/** A page of pages.ts, its code arriving when it is first visited, with the error screen as its boundary. */
function page(entry: PageEntry): RouteObject {
  const load = pageModules[`../${entry.module}`];
  if (!load) throw new Error(`pages.ts names ${entry.module} for ${entry.path}, and there is no such page module`);
  const route = {
    lazy: lazyComponent(entry.module, async () => (await load()).default),
    errorElement: <RouteError />,
    handle: entry,
  };
  return entry.path === "/" ? { ...route, index: true } : { ...route, path: entry.path.slice(1) };
}
const pagesIn = (frame: PageFrame) => PAGES.filter((p) => p.frame === frame).map(page);

/** The frame of every page but the sign-in and reset screens; it stays out of /auth's first load. */
const shell: NonIndexRouteObject = {
  lazy: lazyComponent(SHELL_MODULE, async () => (await import("./Shell.tsx")).Shell),
};

/** The query cache around every page but /auth, whose first load goes without it. */
const queryLayer = { lazy: lazyComponent(QUERY_MODULE, async () => (await import("./QueryLayer.tsx")).QueryLayer) };

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
      {
        ...queryLayer,
        children: [
          ...pagesIn("none"),
          { element: <RequireAuth />, children: [{ ...shell, children: pagesIn("signed-in") }] },
          {
            ...shell,
            children: [...pagesIn("public"), { path: "*", element: <NotFound />, errorElement: <RouteError /> }],
          },
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
  current = router;
  timeRouteLoads(router);
  return router;
}
