import { useSyncExternalStore } from "react";
import { RouterProvider, type DataRouter } from "react-router";
import { ToastHost } from "../components/toast.tsx";
import { UnavailableNotice } from "../components/UnavailableNotice.tsx";
import { AuthProvider, useAuth } from "../features/auth/AuthProvider.tsx";

/** Screens that load toasts only when they first show one (see components/toast.tsx). */
const LIGHT_PATHS = new Set(["/auth", "/reset-password"]);

function Background({ router }: { router: DataRouter }) {
  const { user } = useAuth();
  const pathname = useSyncExternalStore(router.subscribe, () => router.state.location.pathname);
  return (
    <>
      <UnavailableNotice />
      <ToastHost eager={!!user || !LIGHT_PATHS.has(pathname)} />
    </>
  );
}

/**
 * `router`: made by main.tsx before the first render, so that the page's code starts loading at once. The query
 * cache is the router's (app/QueryLayer.tsx), outside /auth's first load.
 */
export function App({ router }: { router: DataRouter }) {
  return (
    <AuthProvider>
      <RouterProvider router={router} />
      <Background router={router} />
    </AuthProvider>
  );
}
