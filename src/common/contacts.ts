/** What a person outside a project's crew is told where its contact details are left out (decision 2026-11-24-contacts-privacy). */
export const CONTACTS_HIDDEN_NOTE =
  "Phone numbers, e-mail and postal addresses are shown only to the project's crew, staff and admins.";
