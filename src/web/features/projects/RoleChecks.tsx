import { FILM_ROLE_LABELS, FILM_ROLES, type FilmRole } from "../../../common/projects.ts";

/** The film roles as a group of checkboxes: a person may hold several. */
export function RoleChecks({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: FilmRole[];
  onChange(roles: FilmRole[]): void;
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-1 min-[420px]:grid-cols-2 sm:grid-cols-3">
        {FILM_ROLES.map((r) => (
          <label key={r} className="flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 dark:accent-amber-400"
              checked={value.includes(r)}
              onChange={(e) => onChange(e.target.checked ? [...value, r] : value.filter((x) => x !== r))}
            />
            {FILM_ROLE_LABELS[r]}
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-xs text-red-700 dark:text-red-400">{error}</p>}
    </fieldset>
  );
}
