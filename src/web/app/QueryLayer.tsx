import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { registerQueryCache } from "../lib/query-cache.ts";
import { createQueryClient } from "./queryClient.ts";
import { useRealtime } from "./realtime.ts";

/**
 * The query cache and the realtime socket that keeps it fresh, around every route but /auth: the sign-in
 * screen asks no queries, so its first load goes without TanStack Query. One cache for the page's life.
 */
const queryClient = createQueryClient();
registerQueryCache(() => queryClient.clear());

function Realtime() {
  useRealtime();
  return null;
}

export function QueryLayer() {
  return (
    <QueryClientProvider client={queryClient}>
      <Realtime />
      <Outlet />
    </QueryClientProvider>
  );
}
