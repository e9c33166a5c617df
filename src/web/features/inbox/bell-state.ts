import { useSyncExternalStore } from "react";

/**
 * Whether the bell's panel is open. Kept outside React's tree so that other places (the home page's
 * unread list) can open the one panel in the header instead of keeping a second list of their own.
 */
let open = false;
const listeners = new Set<() => void>();

export function setBellOpen(next: boolean) {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

export function useBellOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
