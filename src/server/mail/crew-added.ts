import { renderMail } from "./layout.ts";

export const crewAddedMail = (opts: {
  addedBy: string;
  projectTitle: string;
  roles: string[];
  isLead: boolean;
  url: string;
}) =>
  renderMail({
    subject: `You are on the crew of “${opts.projectTitle}”`,
    heading: `You are on the crew of “${opts.projectTitle}”`,
    paragraphs: [
      `${opts.addedBy} added you to the crew as ${opts.roles.join(", ").toLowerCase()}${opts.isLead ? ", and as one of the project's leads" : ""}.`,
      "The project page has the crew, the milestones and the greenlight checklist; as a member you can edit it.",
    ],
    action: { label: "Open the project", url: opts.url },
    footer: "You receive this because you were added to a project on The Portal. Turn these e-mails off in Settings.",
  });
