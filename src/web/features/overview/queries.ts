import { useQueryClient } from "@tanstack/react-query";

/** A phase change shows on the board, the timeline and every projects list alike. */
export function useInvalidateOverview() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ["overview"] }), queryClient.invalidateQueries({ queryKey: ["projects"] })]);
}
