import { PRODUCTION_CONTACT_KIND_LABELS, type ProductionContactDto } from "../../../common/production-contacts.ts";
import { Select } from "../../components/ui/Select.tsx";
import { useProductionContacts } from "./api.ts";

const hasEmail = (c: ProductionContactDto) => !!c.email;

/**
 * "From contacts": a production's contacts (by default those with an e-mail, for the documents' dialogs) to
 * fill a form. Shown only when there is one to pick; the choice resets so the same contact may be picked again.
 */
export function ContactPicker({
  projectId,
  enabled,
  onPick,
  label = "From contacts",
  offer = hasEmail,
}: {
  projectId: string;
  enabled: boolean;
  onPick(c: ProductionContactDto): void;
  label?: string;
  offer?(c: ProductionContactDto): boolean;
}) {
  const list = useProductionContacts(projectId, enabled);
  const withEmail = (list.data?.contacts ?? []).filter(offer);
  if (withEmail.length === 0) return null;
  return (
    <Select
      label={label}
      value=""
      onChange={(e) => {
        const c = withEmail.find((x) => x.id === e.target.value);
        if (c) onPick(c);
      }}
      options={[
        { value: "", label: "Choose a contact…" },
        ...withEmail.map((c) => ({
          value: c.id,
          label: `${c.name} (${[PRODUCTION_CONTACT_KIND_LABELS[c.kind], c.role].filter(Boolean).join(", ")})`,
        })),
      ]}
    />
  );
}
