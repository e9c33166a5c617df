import { hashToken } from "../lib/tokens.ts";

/**
 * What better-auth writes to `verification.identifier`: the SHA-256 of the identifier it names
 * (`reset-password:<token>`, `delete-account-<token>`, a change-of-address token …), never the identifier
 * itself, so a copy of the database or a backup opens no pending reset. better-auth hashes on create and on
 * every lookup through `verification.storeIdentifier`, so its own flows work unchanged.
 */
export const storedVerificationIdentifier = (identifier: string) => hashToken(identifier);

export const verificationStorage = { hash: async (identifier: string) => storedVerificationIdentifier(identifier) };

/** The stored identifier of a password-reset token, as better-auth names it. */
export const storedResetIdentifier = (token: string) => storedVerificationIdentifier(`reset-password:${token}`);
