/**
 * The product's name with its mark (Lucide's clapperboard, ISC). Drawn inline so that the sign-in
 * screen, the first thing most people load, needs no icon library.
 */
export function Brand({ className }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight ${className ?? ""}`}>
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-5 text-amber-600 dark:text-amber-400"
      >
        <path d="m12.296 3.464 3.02 3.956" />
        <path d="M20.2 6 3 11l-.9-2.4c-.3-1.1.3-2.2 1.3-2.5l13.5-4c1.1-.3 2.2.3 2.5 1.3z" />
        <path d="M3 11h18v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
        <path d="m6.18 5.276 3.1 3.899" />
      </svg>
      The Portal
    </span>
  );
}
