import { CONTACTS_HIDDEN_NOTE } from "../../common/contacts.ts";

/** Says why names show without a way to reach them, so a missing e-mail or phone is not read as a gap in the data. */
export function ContactsHiddenNote() {
  return <p className="text-xs text-zinc-600 dark:text-zinc-400">{CONTACTS_HIDDEN_NOTE}</p>;
}
