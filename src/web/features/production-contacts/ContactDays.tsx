import { X } from "lucide-react";
import { useState } from "react";
import { PRODUCTION_CONTACT_KIND_LABELS, type ProductionContactDto } from "../../../common/production-contacts.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { useFormats } from "../../lib/format.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { ContactPicker } from "./ContactPicker.tsx";
import { useContactDays, useProductionContacts } from "./api.ts";

/** A shoot day as these pickers name it. */
export interface DayChoice {
  id: string;
  number: number;
  date: string;
}

/** Where a contact shows, in words: "Every day", "Days 1 and 3", or the production's fallback. */
export function useDaysLabel(days: DayChoice[]) {
  const fmt = useFormats();
  return (c: ProductionContactDto, anyChosen: boolean) => {
    if (c.everyDay) return "On every day's call sheet";
    const mine = days.filter((d) => c.dayIds.includes(d.id));
    if (mine.length)
      return `On the call sheet of ${mine.map((d) => `day ${d.number} (${fmt.date(d.date, { style: "short" })})`).join(", ")}`;
    return anyChosen || !["location", "vendor"].includes(c.kind)
      ? "On no call sheet"
      : "On every call sheet (no days chosen)";
  };
}

/** The Contacts tab's choice of days for one contact: every day, or some of the schedule's days. */
export function ContactDaysEditor({
  projectId,
  contact,
  days,
  onDone,
}: {
  projectId: string;
  contact: ProductionContactDto;
  days: DayChoice[];
  onDone(): void;
}) {
  const fmt = useFormats();
  const [everyDay, setEveryDay] = useState(contact.everyDay);
  const [chosen, setChosen] = useState<string[]>(contact.dayIds);
  const dirty = everyDay !== contact.everyDay || [...chosen].sort().join() !== [...contact.dayIds].sort().join();
  useLeaveGuard(dirty, `the call sheet days of ${contact.name}`);
  const save = useContactDays(projectId, onDone);
  return (
    <fieldset
      aria-label={`Call sheet days of ${contact.name}`}
      className="mt-2 flex flex-col gap-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <legend className="px-1 text-sm font-semibold">Call sheets of {contact.name}</legend>
      <Checkbox label="Every day" checked={everyDay} onChange={(e) => setEveryDay(e.target.checked)} />
      {days.length === 0 ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">The schedule has no shoot days yet.</p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          {days.map((d) => (
            <Checkbox
              key={d.id}
              label={`Day ${d.number}, ${fmt.date(d.date, { style: "long", weekday: true })}`}
              disabled={everyDay}
              checked={everyDay || chosen.includes(d.id)}
              onChange={(e) => setChosen((c) => (e.target.checked ? [...c, d.id] : c.filter((x) => x !== d.id)))}
            />
          ))}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          busy={save.isPending}
          onClick={() =>
            save.mutate({ id: contact.id, name: contact.name, input: { everyDay, dayIds: everyDay ? [] : chosen } })
          }
        >
          Save Days
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * On the call sheet, for the crew: the contacts chosen for this day, one taken off or another added. Shown
 * only to those who may change the contacts; the sheet itself lists what everyone sees.
 */
export function DayContactsEditor({ projectId, dayId }: { projectId: string; dayId: string }) {
  const list = useProductionContacts(projectId);
  const save = useContactDays(projectId);
  if (!list.data?.canEdit) return null;
  const contacts = list.data.contacts;
  const onDay = contacts.filter((c) => c.dayIds.includes(dayId));
  const put = (c: ProductionContactDto, dayIds: string[]) =>
    save.mutate({ id: c.id, name: c.name, input: { everyDay: c.everyDay, dayIds } });
  return (
    <div className="flex flex-col gap-2" aria-label="This day's contacts">
      {onDay.length > 0 && (
        <ul className="flex flex-wrap items-center gap-2 text-sm" aria-label="Chosen for this day">
          <li className="text-zinc-600 dark:text-zinc-400">Chosen for this day:</li>
          {onDay.map((c) => (
            <li key={c.id}>
              <Button
                variant="secondary"
                busy={save.isPending && save.variables?.id === c.id}
                aria-label={`Take ${c.name} off this day`}
                onClick={() =>
                  put(
                    c,
                    c.dayIds.filter((d) => d !== dayId),
                  )
                }
              >
                {c.name} ({PRODUCTION_CONTACT_KIND_LABELS[c.kind]}) <X aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="max-w-sm min-w-0">
        <ContactPicker
          projectId={projectId}
          enabled
          label="Add a contact to this day"
          offer={(c) => !c.everyDay && !c.dayIds.includes(dayId)}
          onPick={(c) => put(c, [...c.dayIds, dayId])}
        />
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Once a contact has days, each call sheet lists only its day's contacts and those marked “every day” on the
        Contacts tab.
      </p>
    </div>
  );
}
