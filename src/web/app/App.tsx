import { QueryClientProvider } from "@tanstack/react-query";
import { useState, useSyncExternalStore } from "react";
import { RouterProvider, type DataRouter } from "react-router";
import { ToastHost } from "../components/toast.tsx";
import { AuthProvider, useAuth } from "../features/auth/AuthProvider.tsx";
import { createQueryClient } from "./queryClient.ts";
import { useRealtime } from "./realtime.ts";
import { createRouter } from "./router.tsx";

/** Screens that load toasts only when they first show one (see components/toast.tsx). */
const LIGHT_PATHS = new Set(["/auth", "/reset-password"]);

function Background({ router }: { router: DataRouter }) {
  useRealtime();
  const { user } = useAuth();
  const pathname = useSyncExternalStore(router.subscribe, () => router.state.location.pathname);
  return <ToastHost eager={!!user || !LIGHT_PATHS.has(pathname)} />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Background router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
