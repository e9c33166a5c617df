import { useEffect, useSyncExternalStore } from "react";
import { useBlocker, type BlockerFunction } from "react-router";
import { onUnsavedWorkChange, unsavedWork } from "../lib/useLeaveGuard.ts";
import { LeavePrompt } from "./ui/LeavePrompt.tsx";

const anyUnsaved = () => unsavedWork().length > 0;

/** Another page, or another tab of this one (its `?tab=`), replaces the form; a `#` jump does not. */
const leaves: BlockerFunction = ({ currentLocation: from, nextLocation: to }) =>
  anyUnsaved() && (from.pathname !== to.pathname || from.search !== to.search);

/**
 * The one leave prompt of the app, mounted once in the frame (a data router honours one blocker only):
 * a navigation inside the app while some form has unsaved work (useLeaveGuard) waits for Leave or Stay;
 * a reload or closing the tab gets the browser's own question.
 */
export function LeaveGuard() {
  const blocker = useBlocker(leaves);
  const hasUnsaved = useSyncExternalStore(onUnsavedWorkChange, anyUnsaved);

  useEffect(() => {
    if (!hasUnsaved) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when a value is returned.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [hasUnsaved]);

  // The work was saved (or its form closed) while the question was open: nothing is left to lose.
  useEffect(() => {
    if (blocker.state === "blocked" && !hasUnsaved) blocker.proceed();
  }, [blocker, hasUnsaved]);

  return (
    <LeavePrompt
      open={blocker.state === "blocked"}
      what={blocker.state === "blocked" ? unsavedWork() : []}
      onLeave={() => blocker.proceed?.()}
      onStay={() => blocker.reset?.()}
    />
  );
}
