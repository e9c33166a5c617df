import pino from "pino";

export type Logger = pino.Logger;

// Passwords, tokens and cookies must never reach a log line, whatever object is logged.
const redact = {
  paths: [
    "password",
    "newPassword",
    "currentPassword",
    "token",
    "*.password",
    "*.newPassword",
    "*.token",
    "headers.cookie",
    "headers.authorization",
    "*.headers.cookie",
    "*.headers.authorization",
  ],
  censor: "[redacted]",
};

export function createLogger(level: string): Logger {
  return pino({ level, redact, base: undefined });
}
