import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from "react-router";
import { Brand } from "../components/Brand.tsx";
import { isNotFound, NotFoundState } from "../components/NotFoundState.tsx";
import { Button } from "../components/ui/Button.tsx";
import { CodeLoadError } from "./code-load.ts";

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error))
    return typeof error.data === "string" && error.data ? error.data : `${error.status} ${error.statusText}`;
  if (error instanceof Error && error.message) return error.message;
  return "An unexpected error occurred";
}

/**
 * SPEC §2's route-level error screen: the errorElement of every page route (inside the shell) and,
 * standalone, of the root, for an error in the shell itself.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const { reset } = useQueryErrorResetBoundary();
  const heading = useRef<HTMLHeadingElement>(null);
  // The page the user was looking at vanished; tell assistive technology where they are now.
  useEffect(() => heading.current?.focus(), [error]);

  function tryAgain() {
    // The page's code is fetched by a fresh load only: the browser remembers a failed module.
    if (error instanceof CodeLoadError) return window.location.reload();
    // Failed queries may fetch again on the next mount, and a new location entry makes the router's
    // error boundary render the route afresh.
    reset();
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: location.state },
    );
  }

  function goHome() {
    // Home may be the page whose query failed: without the reset it would show this screen again.
    reset();
    navigate("/");
  }

  // The one place an API's 404 becomes the not-found state of a detail page (its message says what is missing).
  const screen = isNotFound(error) ? (
    <NotFoundState message={error.message} />
  ) : (
    <div className="max-w-xl py-8">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-2xl outline-none font-semibold tracking-tight text-zinc-900 dark:text-zinc-50"
      >
        Something went wrong
      </h1>
      <p className="mt-2 break-words text-zinc-700 dark:text-zinc-300">{messageOf(error)}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={tryAgain}>Try Again</Button>
        <Button variant="secondary" onClick={goHome}>
          Go Home
        </Button>
      </div>
    </div>
  );
  if (!standalone) return screen;
  return (
    <div className="min-h-dvh bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <header className="border-b border-zinc-200 px-4 py-4 dark:border-zinc-800">
        <Brand />
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 md:px-8">
        {screen}
      </main>
    </div>
  );
}
