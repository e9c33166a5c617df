import { useEffect, useSyncExternalStore } from "react";
import { availability, UNAVAILABLE_TEXT } from "../lib/api.ts";

const RECHECK_MS = 5000;

/**
 * The one notice of a brief outage (the server answered 503): reads retry by themselves, forms keep what
 * was typed. It checks readiness meanwhile, so it goes away once the portal is back even if nothing else asks.
 */
export function UnavailableNotice() {
  const down = useSyncExternalStore(availability.subscribe, availability.isUnavailable);
  useEffect(() => {
    if (!down) return;
    const t = setInterval(() => void availability.recheck(), RECHECK_MS);
    return () => clearInterval(t);
  }, [down]);
  if (!down) return null;
  return (
    <p
      role="status"
      data-testid="unavailable-notice"
      className="fixed inset-x-0 top-0 z-50 border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      {UNAVAILABLE_TEXT}
    </p>
  );
}
