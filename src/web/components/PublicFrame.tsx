import type { ReactNode } from "react";
import { Brand } from "./Brand.tsx";

/** The narrow, centred frame of the pages reached from an e-mailed link by someone not yet signed in. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <header className="px-4 pt-8 text-center sm:pt-14">
        <Brand className="text-xl" />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-6 sm:py-10">
        <div className="w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          {children}
        </div>
      </main>
    </div>
  );
}
