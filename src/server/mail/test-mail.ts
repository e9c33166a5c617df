import { renderMail } from "./layout.ts";

export const testMail = (opts: { sentBy: string; transport: string }) =>
  renderMail({
    subject: "Test e-mail from The Portal",
    heading: "This is a test e-mail",
    paragraphs: [
      `${opts.sentBy} sent it from the e-mail test page to check that the portal's mail works.`,
      `It went through the ${opts.transport === "smtp" ? "SMTP server" : "embedded outbox"} by way of the notification jobs.`,
    ],
    footer: "Sent from /email-test on The Portal.",
  });
