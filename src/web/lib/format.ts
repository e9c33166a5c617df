const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A timestamp as people read it, in their own locale and time zone. */
export const formatDateTime = (iso: string | null | undefined, empty = "—") => (iso ? dateTime.format(new Date(iso)) : empty);
