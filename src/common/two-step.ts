import { can, type Role } from "./roles.ts";

/** Who may turn on two-step sign-in (TOTP with recovery codes): the school side, whose accounts reach every project. */
export const mayUseTwoStep = (role: Role) => can(role, "two-step");

/** Whether this person must have two-step sign-in, by their role and the school's setting. */
export const mustUseTwoStep = (role: Role, schoolRequiresIt: boolean) => schoolRequiresIt && mayUseTwoStep(role);

export const TWO_STEP_ROLES_ONLY_MESSAGE = "Two-step sign-in is available to staff and administrators.";
/** Shown on /auth when the code of the second step is not right. */
export const WRONG_CODE_MESSAGE = "That code is not right. Check your authenticator app and try again.";
/** A code that was right but already signed someone in (ASVS 2.8.4): each period's code is taken once. */
export const CODE_ALREADY_USED_MESSAGE =
  "That code was already used. Wait for the next code in your authenticator app and enter that one.";
export const WRONG_RECOVERY_CODE_MESSAGE = "That recovery code is not right, or it was already used.";
/** The error code of the server's 403 to such a person outside the setup, on which the web app leads them to it. */
export const TWO_STEP_SETUP_REQUIRED_CODE = "two_step_setup_required";
export const TWO_STEP_SETUP_REQUIRED_MESSAGE =
  "Your school requires two-step sign-in for your role. Set it up in Settings to continue.";
