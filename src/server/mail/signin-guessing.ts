import { renderMail } from "./layout.ts";

/** To an account's owner while someone is trying passwords on it (sent at most once per throttle window). */
export const signinGuessingMail = (opts: { name: string; failures: number; windowMinutes: number; url: string }) =>
  renderMail({
    subject: "Someone is trying to sign in to your account on The Portal",
    heading: `Hello ${opts.name},`,
    paragraphs: [
      `In the last ${opts.windowMinutes} minutes, ${opts.failures} sign-in attempts to your account on The Portal used a wrong password.`,
      "If that was you, there is nothing to do. If not, someone may be guessing your password: the portal slows such attempts down and stops them after a few, and it does not hold up the browsers you have signed in with before.",
      "If your password is short or used elsewhere, choose a new one under Forgot your password on the sign-in page.",
    ],
    action: { label: "Open The Portal", url: opts.url },
  });
