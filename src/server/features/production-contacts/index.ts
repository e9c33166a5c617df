/** A production's shared contacts; routes, the call sheet and the seed import them from here. */
export { listContacts, createContact, updateContact, deleteContact, callSheetContacts } from "./service.ts";
export type { S } from "./service.ts";
