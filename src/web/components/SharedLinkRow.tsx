import type { ReactNode } from "react";

/**
 * One link handed to people outside the school (a self-service release link, a guest review link): its label and
 * state, a line of what came of it, and the action that ends it while it is open. One layout for every such list.
 */
export function SharedLinkRow({
  label,
  badges,
  detail,
  action,
}: {
  label: string;
  badges: ReactNode;
  detail: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-1 rounded-md border border-zinc-200 p-3 text-sm sm:flex-row sm:items-center sm:gap-3 dark:border-zinc-800">
      <div className="flex flex-1 flex-col gap-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{label}</span>
          {badges}
        </div>
        <span className="text-zinc-600 dark:text-zinc-400">{detail}</span>
      </div>
      {action}
    </li>
  );
}
