import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";
import { resolvedTheme, subscribeTheme } from "../lib/theme.ts";

/**
 * Toasts for code that is part of the first load (the sign-in screen): sonner arrives with the first
 * toast instead of with the page, which keeps /auth small. Lazily loaded pages may import sonner's
 * `toast` directly; the Toaster is mounted wherever they can run.
 */
let sonner: Promise<typeof import("sonner")> | null = null;
let loaded = false;
const subscribers = new Set<() => void>();

export function loadToasts() {
  sonner ??= import("sonner").then((m) => {
    loaded = true;
    for (const notify of subscribers) notify();
    return m;
  });
  return sonner;
}

type Kind = "success" | "error";
const show = (kind: Kind) => (title: string, options?: ExternalToast) => {
  void loadToasts().then((m) => m.toast[kind](title, options));
};

export const notify = { success: show("success"), error: show("error") };

const LazyToaster = lazy(() => loadToasts().then((m) => ({ default: m.Toaster })));

function subscribe(onChange: () => void) {
  subscribers.add(onChange);
  return () => void subscribers.delete(onChange);
}

/** The one Toaster: mounted once toasts are loaded, or at once when `eager`. */
export function ToastHost({ eager }: { eager: boolean }) {
  const isLoaded = useSyncExternalStore(subscribe, () => loaded);
  const theme = useSyncExternalStore(subscribeTheme, resolvedTheme);
  if (!eager && !isLoaded) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster theme={theme} position="top-center" closeButton richColors />
    </Suspense>
  );
}
