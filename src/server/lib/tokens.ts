/**
 * Secrets of public links (DESIGN §5): 256 random bits, URL-safe; only their SHA-256 is stored, so a
 * leaked database does not open the links. Used by the signing links, the iCal feeds and call sheets.
 */
import { createHash, randomBytes } from "node:crypto";

export const newToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** What `newToken` makes; anything else cannot be a token and is refused before a lookup. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
