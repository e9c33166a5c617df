import { renderMail } from "./layout.ts";

/** To an account's owner when someone tried to create another account with their address (at most once per window). */
export const signupExistingMail = (opts: { name: string; url: string }) =>
  renderMail({
    subject: "Someone tried to create an account with your e-mail address",
    heading: `Hello ${opts.name},`,
    paragraphs: [
      "Someone just tried to create a new account on The Portal with your e-mail address. No account was created: your address already has one, and it stays as it is.",
      "If that was you, sign in with your password, or choose a new one under Forgot your password on the sign-in page. If it was not you, there is nothing to do.",
    ],
    action: { label: "Sign in to The Portal", url: opts.url },
  });
