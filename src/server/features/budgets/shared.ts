import { jsonAnswers } from "../../lib/cache.ts";
import type { Services } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";

export type S = Pick<Services, "db" | "events" | "config">;

/** Where a decision came from, for its record. */
export interface Origin {
  ip: string;
  userAgent: string;
}

export const noProposal = () => new AppError("not_found", "There is no budget proposal with this id.");
export const iso = (d: Date | null) => d?.toISOString() ?? null;
export const DAY_MS = 24 * 3600 * 1000;

/**
 * A budget as the crew's browsers ask for it, kept per viewer until an event names this budget (a save, a draft,
 * a proposal, a decision), the chart of accounts, the project (its crew decides who may edit) or the people.
 */
export const answers = jsonAnswers({ ttlMs: 30_000, maxEntries: 2_000, staleMs: 30_000 });
