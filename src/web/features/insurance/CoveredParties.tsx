import { Plus, X } from "lucide-react";
import {
  INSURANCE_PARTIES_MAX,
  INSURANCE_PARTY_KINDS,
  INSURANCE_PARTY_KIND_LABELS,
  type InsuranceParty,
  type InsurancePartyDto,
  type InsurancePartyKind,
} from "../../../common/insurance.ts";
import type { ProductionContactDto } from "../../../common/production-contacts.ts";
import { Button } from "../../components/ui/Button.tsx";
import { Checkbox } from "../../components/ui/Checkbox.tsx";
import { Field } from "../../components/ui/Field.tsx";
import { Select } from "../../components/ui/Select.tsx";
import { ContactPicker } from "../production-contacts/ContactPicker.tsx";
import { useProductionContacts } from "../production-contacts/api.ts";

/** A covered party as the form holds it: every field typed (or filled from the picked contact) and editable. */
export interface PartyDraft extends InsuranceParty {
  save: boolean;
}

const INSURABLE = new Set(["location", "vendor", "other"]);
export const partyOf = (c: ProductionContactDto): PartyDraft => ({
  kind: c.kind === "location" ? "location" : "vendor",
  contactId: c.id,
  name: c.name,
  address: c.address,
  phone: c.phone,
  email: c.email,
  save: false,
});
const typed = (kind: InsurancePartyKind): PartyDraft => ({
  kind,
  contactId: null,
  name: "",
  address: "",
  phone: "",
  email: "",
  save: false,
});

/**
 * The request form's "Locations and vendors covered": picked from the production's contacts (the fields filled
 * and still editable) or typed, and then, if the person may change the contacts, saved to them.
 */
export function CoveredPartiesEditor({
  projectId,
  parties,
  onChange,
  onPick,
}: {
  projectId: string;
  parties: PartyDraft[];
  onChange(next: PartyDraft[]): void;
  onPick?(p: PartyDraft): void;
}) {
  const contacts = useProductionContacts(projectId);
  const mayAdd = contacts.data?.canEdit ?? false;
  const full = parties.length >= INSURANCE_PARTIES_MAX;
  const put = (i: number, change: Partial<PartyDraft>) =>
    onChange(parties.map((p, j) => (j === i ? { ...p, ...change } : p)));
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 sm:col-span-2" aria-label="Locations and vendors covered">
      <legend className="mb-1 text-sm font-semibold">Locations and vendors covered</legend>
      {parties.map((p, i) => {
        const field = (key: "name" | "address" | "phone" | "email", label: string, max: number) => (
          <Field
            label={label}
            required={key === "name"}
            type={key === "email" ? "email" : key === "phone" ? "tel" : "text"}
            value={p[key]}
            onChange={(e) => put(i, { [key]: e.target.value })}
            maxLength={max}
            autoComplete="off"
          />
        );
        return (
          <div
            key={i}
            role="group"
            aria-label={`Covered ${p.kind} ${i + 1}${p.name ? `: ${p.name}` : ""}`}
            className="grid min-w-0 gap-3 rounded-md border border-zinc-200 p-3 sm:grid-cols-2 dark:border-zinc-800"
          >
            <Select
              label="Kind"
              value={p.kind}
              onChange={(e) => put(i, { kind: e.target.value as InsurancePartyKind })}
              options={INSURANCE_PARTY_KINDS.map((k) => ({ value: k, label: INSURANCE_PARTY_KIND_LABELS[k] }))}
            />
            {field("name", "Name", 200)}
            {field("address", "Address", 300)}
            {field("phone", "Phone", 60)}
            {field("email", "E-mail", 254)}
            <div className="flex flex-wrap items-end justify-between gap-2">
              {p.contactId ? (
                <p className="text-xs text-zinc-600 dark:text-zinc-400">From the production's contacts.</p>
              ) : mayAdd ? (
                <Checkbox
                  label="Save to contacts"
                  checked={p.save}
                  onChange={(e) => put(i, { save: e.target.checked })}
                />
              ) : (
                <span />
              )}
              <Button
                variant="ghost"
                aria-label={`Remove ${p.name || `covered ${p.kind} ${i + 1}`}`}
                onClick={() => onChange(parties.filter((_, j) => j !== i))}
              >
                <X aria-hidden className="size-4" /> Remove
              </Button>
            </div>
          </div>
        );
      })}
      {!full && (
        <div className="grid items-end gap-3 sm:grid-cols-2">
          {/* Long contact names must not widen the form past a phone's screen. */}
          <div className="min-w-0">
            <ContactPicker
              projectId={projectId}
              enabled
              label="From contacts"
              offer={(c) => INSURABLE.has(c.kind)}
              onPick={(c) => {
                const party = partyOf(c);
                onChange([...parties, party]);
                onPick?.(party);
              }}
            />
          </div>
          <div>
            <Button variant="secondary" onClick={() => onChange([...parties, typed("vendor")])}>
              <Plus aria-hidden className="size-4" /> Type a location or vendor
            </Button>
          </div>
        </div>
      )}
    </fieldset>
  );
}

/** The covered parties on a request, as the caller may see them (phone and e-mail only for those who may). */
export function CoveredParties({ parties }: { parties: InsurancePartyDto[] }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {parties.map((p, i) => (
        <li key={i} className="break-words">
          <span className="font-medium">{p.name}</span>{" "}
          <span className="text-zinc-600 dark:text-zinc-400">({INSURANCE_PARTY_KIND_LABELS[p.kind]})</span>
          {[p.address, p.phone, p.email].filter(Boolean).map((v) => ` · ${v}`)}
        </li>
      ))}
    </ul>
  );
}
