import { X } from "lucide-react";
import { useState } from "react";
import { PRODUCTION_CONTACT_KIND_LABELS, type ProductionContactDto } from "../../../common/production-contacts.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useFormats } from "../../lib/format.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { ContactPicker } from "./ContactPicker.tsx";
import { useContactDays, useProductionContacts } from "./api.ts";

/** A shoot day as these pickers name it, with what it shoots (where, and who works). */
export interface DayChoice {
  id: string;
  number: number;
  date: string;
  strips: { location: string; cast: string[] }[];
}

/** What the schedule offers to link a contact to: the script's scene locations and its characters. */
export interface ScheduleLinks {
  places: string[];
  characters: string[];
}

/** The contact's link to the schedule, as the server matches it (`production-contacts/days.ts`), or null. */
export function linkOf(c: ProductionContactDto): { what: string; on(d: DayChoice): boolean } | null {
  const place = c.kind === "location" ? c.sceneLocation : "";
  const character = c.kind === "cast" ? c.character : "";
  if (place) return { what: `scenes at ${place}`, on: (d) => d.strips.some((st) => st.location === place) };
  if (character) return { what: `${character}'s days`, on: (d) => d.strips.some((st) => st.cast.includes(character)) };
  return null;
}

/** Where a contact shows, in words: "Every day", "Days 1 and 3", its link, or the production's fallback. */
export function useDaysLabel(days: DayChoice[]) {
  const fmt = useFormats();
  return (c: ProductionContactDto, anyChosen: boolean) => {
    if (c.everyDay) return "On every day's call sheet";
    const link = linkOf(c);
    const mine = days.filter((d) => c.dayIds.includes(d.id) || link?.on(d));
    const linked = link ? ` (linked to ${link.what})` : "";
    if (mine.length)
      return `On the call sheet of ${mine.map((d) => `day ${d.number} (${fmt.date(d.date, { style: "short" })})`).join(", ")}${linked}`;
    if (link) return `On no call sheet yet${linked}`;
    return anyChosen || !["location", "vendor"].includes(c.kind)
      ? "On no call sheet"
      : "On every call sheet (no days chosen)";
  };
}

/** The select of a location's scene location or a cast contact's character; none for other kinds. */
function LinkSelect({
  contact,
  links,
  value,
  onChange,
}: {
  contact: ProductionContactDto;
  links: ScheduleLinks;
  value: string;
  onChange(v: string): void;
}) {
  const place = contact.kind === "location";
  if (!place && contact.kind !== "cast") return null;
  const offered = place ? links.places : links.characters;
  const kept = contact[place ? "sceneLocation" : "character"];
  const options = [
    { value: "", label: "Not linked" },
    ...offered.map((v) => ({ value: v, label: v })),
    // A link the script no longer has stays visible rather than silently dropped.
    ...(kept && !offered.includes(kept) ? [{ value: kept, label: `${kept} (not in the script)` }] : []),
  ];
  return (
    <div className="max-w-sm">
      <Select
        label={place ? "Scene location" : "Character"}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={options}
      />
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        {place
          ? "On the call sheet of every day that shoots a scene there, without ticking the days."
          : "On the call sheet of every day this character works, without ticking the days."}
      </p>
    </div>
  );
}

/** The Contacts tab's choice of days for one contact: every day, or some of the schedule's days. */
export function ContactDaysEditor({
  projectId,
  contact,
  days,
  links,
  onDone,
}: {
  projectId: string;
  contact: ProductionContactDto;
  days: DayChoice[];
  links: ScheduleLinks;
  onDone(): void;
}) {
  const fmt = useFormats();
  const [everyDay, setEveryDay] = useState(contact.everyDay);
  const [chosen, setChosen] = useState<string[]>(contact.dayIds);
  const linkField = contact.kind === "location" ? "sceneLocation" : contact.kind === "cast" ? "character" : null;
  const [link, setLink] = useState(linkField ? contact[linkField] : "");
  const dirty =
    everyDay !== contact.everyDay ||
    [...chosen].sort().join() !== [...contact.dayIds].sort().join() ||
    (linkField !== null && link !== contact[linkField]);
  useLeaveGuard(dirty, `the call sheet days of ${contact.name}`);
  const save = useContactDays(projectId, onDone);
  return (
    <fieldset
      aria-label={`Call sheet days of ${contact.name}`}
      className="mt-2 flex flex-col gap-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <legend className="px-1 text-sm font-semibold">Call sheets of {contact.name}</legend>
      <LinkSelect contact={contact} links={links} value={link} onChange={setLink} />
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
            save.mutate({
              id: contact.id,
              name: contact.name,
              input: { everyDay, dayIds: everyDay ? [] : chosen, ...(linkField ? { [linkField]: link } : {}) },
            })
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
        Once a contact has days or a link, each call sheet lists only its day's contacts, those marked “every day” and
        those linked on the Contacts tab to a scene location or character of the day.
      </p>
    </div>
  );
}
