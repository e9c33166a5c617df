import type { ReactNode } from "react";
import { Card } from "../../components/ui/Card.tsx";

export function Section({
  id,
  title,
  icon,
  description,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={id} className="flex flex-col gap-4">
        <div>
          <h2
            id={id}
            className="flex scroll-mt-20 items-center gap-2 text-lg font-semibold text-zinc-900 dark:text-zinc-50"
          >
            {icon}
            {title}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}
