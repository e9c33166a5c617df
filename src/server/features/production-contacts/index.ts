/** A production's shared contacts; routes, the call sheet, insurance and the seed import them from here. */
export { listContacts, createContact, updateContact, deleteContact, publishContacts } from "./service.ts";
export { setContactDays, callSheetContacts } from "./days.ts";
export { contactsOfProject, saveAsContacts } from "./reuse.ts";
export type { S } from "./service.ts";
