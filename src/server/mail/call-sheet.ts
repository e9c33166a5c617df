import { renderMail } from "./layout.ts";

export const callSheetMail = (opts: {
  senderName: string;
  projectTitle: string;
  date: string;
  dayNumber: number;
  call: string;
  location: string;
  mapUrl: string | null;
  hospital: string;
  /** Whom to call at the location: "name, phone", or "" when the day has no library location. */
  locationContact?: string;
  weather: string;
  /** "Producer: name, phone, e-mail" lines, then the day's production contacts ("Location: role (why): …"). */
  contacts: string[];
  scenes: string[];
  /** The numbers of the scenes an actor plays in (none for the crew). */
  yourScenes: string[];
  notes: string;
  url: string;
}) =>
  renderMail({
    subject: `Call sheet: ${opts.projectTitle}, ${opts.date}`,
    heading: `Call sheet for day ${opts.dayNumber}: ${opts.date}`,
    paragraphs: [
      `${opts.senderName} sent the call sheet of “${opts.projectTitle}”.`,
      `Your call: ${opts.call}. Location: ${opts.location}.`,
      ...(opts.mapUrl ? [`Map: ${opts.mapUrl}`] : []),
      ...(opts.hospital ? [`Nearest hospital: ${opts.hospital}`] : []),
      ...(opts.locationContact ? [`Location contact: ${opts.locationContact}`] : []),
      ...(opts.weather ? [`Weather: ${opts.weather}`] : []),
      opts.scenes.length ? `Scenes: ${opts.scenes.join("; ")}.` : "No scenes are scheduled for this day yet.",
      ...(opts.yourScenes.length ? [`Your scenes: ${opts.yourScenes.join(", ")}.`] : []),
      ...(opts.contacts.length ? [`Production contacts: ${opts.contacts.join("; ")}.`] : []),
      ...(opts.notes ? [`Notes: ${opts.notes}`] : []),
      "Please confirm that you have it. The link is personal: do not forward it.",
    ],
    action: { label: "Confirm the call sheet", url: opts.url },
    footer: "You receive this because you are on the crew of this production on The Portal.",
  });
