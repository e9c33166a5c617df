import { useState } from "react";
import {
  LIMIT_SCOPES,
  scopeWord,
  type FairShareDto,
  type FairShareInput,
  type LimitScope,
} from "../../../common/equipment-fair.ts";
import { parseNumberInput } from "../../../common/number-input.ts";
import { Button } from "../../components/ui/Button.tsx";
import { NumberField } from "../../components/ui/NumberField.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { useSchoolSettings } from "../../lib/number-input.ts";
import { useLeaveGuard } from "../../lib/useLeaveGuard.ts";
import { putFairShare, useFairChange } from "./fair-api.ts";

const SCOPES = LIMIT_SCOPES.map((s) => ({ value: s, label: scopeWord(s) }));

/** A course's limits in words, for those who read them. */
export function limitsText(l: Pick<FairShareDto, "maxActive" | "activeScope" | "maxDaysPerWeek" | "daysScope">) {
  const parts = [
    l.maxActive !== null &&
      `${l.maxActive} booking${l.maxActive === 1 ? "" : "s"} at a time ${scopeWord(l.activeScope)}`,
    l.maxDaysPerWeek !== null &&
      `${l.maxDaysPerWeek} booked day${l.maxDaysPerWeek === 1 ? "" : "s"} per week ${scopeWord(l.daysScope)}`,
  ].filter(Boolean);
  return parts.length ? parts.join("; ") : "No limits";
}

/**
 * A course's fair share of the stores, edited by the equipment office or the course's teachers. An empty field is
 * no limit; whole numbers are read in the school's format like every typed number.
 */
export function FairShareForm({ share }: { share: FairShareDto }) {
  const school = useSchoolSettings();
  const initial = {
    maxActive: share.maxActive === null ? "" : String(share.maxActive),
    activeScope: share.activeScope,
    maxDaysPerWeek: share.maxDaysPerWeek === null ? "" : String(share.maxDaysPerWeek),
    daysScope: share.daysScope,
  };
  const [draft, setDraft] = useState(initial);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useLeaveGuard(dirty, `the fair share of ${share.course.code}`);
  const read = (text: string) => {
    if (text.trim() === "") return { ok: true as const, value: null };
    const n = parseNumberInput(text, { digits: 0, format: school?.numberFormat });
    return n.ok ? { ok: true as const, value: n.value } : n;
  };
  const active = read(draft.maxActive);
  const days = read(draft.maxDaysPerWeek);
  const save = useFairChange((input: FairShareInput) => putFairShare(share.course.id, input), {
    success: (r) => ["Fair share saved", `${r.course.code}: ${limitsText(r)}.`],
    failure: "Fair share not saved",
  });
  if (!share.canEdit) return <p className="text-sm">{limitsText(share)}</p>;
  const id = share.course.id;
  return (
    <form
      aria-label={`Fair share of ${share.course.code}`}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (!active.ok || !days.ok) return;
        save.mutate({
          maxActive: active.value,
          activeScope: draft.activeScope,
          maxDaysPerWeek: days.value,
          daysScope: draft.daysScope,
        });
      }}
    >
      <NumberField
        id={`${id}-active`}
        label="Bookings at a time"
        hint="Empty: no limit"
        value={draft.maxActive}
        onChange={(v) => setDraft((d) => ({ ...d, maxActive: v }))}
        digits={0}
        format={school?.numberFormat}
      />
      <Select
        label="Bookings counted"
        value={draft.activeScope}
        onChange={(e) => setDraft((d) => ({ ...d, activeScope: e.target.value as LimitScope }))}
        options={SCOPES}
      />
      <NumberField
        id={`${id}-days`}
        label="Booked days per week"
        hint="Empty: no limit"
        value={draft.maxDaysPerWeek}
        onChange={(v) => setDraft((d) => ({ ...d, maxDaysPerWeek: v }))}
        digits={0}
        format={school?.numberFormat}
      />
      <Select
        label="Days counted"
        value={draft.daysScope}
        onChange={(e) => setDraft((d) => ({ ...d, daysScope: e.target.value as LimitScope }))}
        options={SCOPES}
      />
      <Button type="submit" busy={save.isPending} disabled={!dirty || !active.ok || !days.ok}>
        Save limits
      </Button>
    </form>
  );
}
