import {
  PRODUCTION_CONTACT_KIND_LABELS,
  type CallSheetProductionContact,
} from "../../../common/production-contacts.ts";

/** The call sheet's "Production contacts": the production's locations and vendors (phone and e-mail for the crew). */
export function ProductionContacts({ contacts }: { contacts: CallSheetProductionContact[] }) {
  if (contacts.length === 0) return null;
  return (
    <section aria-labelledby="cs-production-contacts">
      <h4 id="cs-production-contacts" className="mb-2 font-semibold">
        Production contacts
      </h4>
      <ul className="flex flex-col gap-1 text-sm">
        {contacts.map((c, i) => (
          <li key={i} className="break-words">
            <span className="font-medium">{c.name}</span>
            <span className="text-zinc-600 dark:text-zinc-400">
              {" "}
              · {[PRODUCTION_CONTACT_KIND_LABELS[c.kind], c.role].filter(Boolean).join(", ")}
            </span>
            {c.why && <span className="text-zinc-600 dark:text-zinc-400"> ({c.why})</span>}
            {c.phone && (
              <>
                {" · "}
                <a className="underline" href={`tel:${c.phone.replace(/\s/g, "")}`}>
                  {c.phone}
                </a>
              </>
            )}
            {c.email && (
              <>
                {" · "}
                <a className="underline" href={`mailto:${c.email}`}>
                  {c.email}
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
