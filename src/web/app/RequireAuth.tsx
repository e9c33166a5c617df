import { useEffect, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageSkeleton } from "../components/PageSkeleton.tsx";
import { useAuth } from "../features/auth/AuthProvider.tsx";
import { AuthScreen } from "../features/auth/AuthScreen.tsx";

/** SPEC §9: the longest a protected page waits for authentication before offering the sign-in screen. */
export const AUTH_GRACE_MS = 8000;

/** Where a person the school requires two-step sign-in of, who has not set it up, is led after signing in. */
export const TWO_STEP_SETUP_PATH = "/settings";
export const TWO_STEP_SECTION_ID = "settings-two-step";

/**
 * Protected pages: the skeleton while auth loads (at most AUTH_GRACE_MS since the page opened), then
 * the page or the sign-in screen in its place, with the URL unchanged so that signing in shows it.
 */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const { pathname } = useLocation();
  const [graceOver, setGraceOver] = useState(() => performance.now() >= AUTH_GRACE_MS);

  useEffect(() => {
    if (!loading || graceOver) return;
    // Counted from the page's start: the only slow auth check is the first one.
    const timer = window.setTimeout(() => setGraceOver(true), Math.max(0, AUTH_GRACE_MS - performance.now()));
    return () => window.clearTimeout(timer);
  }, [loading, graceOver]);

  if (user?.twoStep.setupNeeded && pathname !== TWO_STEP_SETUP_PATH)
    return <Navigate to={`${TWO_STEP_SETUP_PATH}#${TWO_STEP_SECTION_ID}`} replace />;
  if (user) return <Outlet />;
  if (loading && !graceOver) return <PageSkeleton />;
  return <AuthScreen />;
}
