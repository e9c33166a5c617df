import { Download, Printer } from "lucide-react";

/** A PDF of the schedule as a link the browser downloads (a call sheet, the breakdown sheets, the one-liner). */
export function PdfLink({ href, print = false, children }: { href: string; print?: boolean; children: string }) {
  const Icon = print ? Printer : Download;
  return (
    <a
      href={href}
      className="inline-flex min-h-10 items-center gap-2 rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium text-zinc-900 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <Icon aria-hidden className="size-4" />
      {children}
    </a>
  );
}
