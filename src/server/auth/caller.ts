import type { Role } from "../../common/roles.ts";

/**
 * Who a request acts for, in the domain's words. Services import this, never the better-auth instance, so a
 * service that only asks "is this staff?" is not tied to the sign-in machinery (nor, through it, to the mail).
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The session this request came with (the "This device" of the person's signed-in devices); absent for the seed's callers. */
  sessionId?: string;
  /** The school requires two-step sign-in of this person, who has not set it up: only the setup is open (`mayDuringSetup`). */
  twoStepSetupNeeded?: boolean;
}

/** The signed-in person a service acts for: the session user without the e-mail, which only budgets need. */
export type Caller = Pick<SessionUser, "id" | "name" | "role">;

export { can, isAdmin, isOffice, isStaff } from "../../common/roles.ts";
