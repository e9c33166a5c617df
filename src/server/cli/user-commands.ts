import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { ROLES, type Role } from "../../common/roles.ts";
import type { Auth } from "../auth/auth.ts";
import type { Services } from "../context.ts";
import { profiles, user } from "../db/schema/index.ts";
import { recordAudit, type Actor } from "../features/audit/service.ts";
import { provisionAccount } from "../features/users/accounts.ts";
import { changeRole } from "../features/users/service.ts";
import { AppError } from "../lib/errors.ts";

/** A mistake of the person at the keyboard: printed as one line, exit code 1. */
export class CliError extends Error {}

/** How the audit log names what the CLI does: whoever can run it on the server, not a signed-in user. */
export const CLI_ACTOR: Actor = { id: null, name: "command line (npm run user)" };

export const USAGE = `Usage: npm run user -- <command>
  create  --email <e-mail> --name "<full name>" --role <${ROLES.join("|")}> [--password <password>]
          (without --password a password is generated and printed)
  promote --email <e-mail> --role <${ROLES.join("|")}>
  list`;

const email = z.string().trim().toLowerCase().email("--email must be an e-mail address");
const role = z.enum(ROLES, { message: `--role must be one of ${ROLES.join(", ")}` });
const createInput = z.object({
  email,
  name: z.string().trim().min(2, "--name must be at least 2 characters"),
  role,
  password: z
    .string()
    .min(6, "--password must be at least 6 characters")
    .max(256, "--password must be at most 256 characters")
    .optional(),
});
const promoteInput = z.object({ email, role });

export type CreateInput = z.input<typeof createInput>;
export type Command =
  | { command: "create"; input: z.output<typeof createInput> }
  | { command: "promote"; input: z.output<typeof promoteInput> }
  | { command: "list" }
  | { command: "help" };

function required(values: Record<string, unknown>, names: string[]) {
  const missing = names.filter((n) => values[n] === undefined);
  if (missing.length) throw new CliError(`missing ${missing.map((n) => `--${n}`).join(", ")}`);
}

function check<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new CliError(parsed.error.issues[0]!.message);
  return parsed.data;
}

/** Reads the command line; every mistake is a CliError with a message that says what to fix. */
export function parseCommand(argv: string[]): Command {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h") return { command: "help" };
  const options = {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string" },
    password: { type: "string" },
  } as const;
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args: rest, options, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new CliError((err as Error).message.split("\n")[0]!);
  }
  switch (command) {
    case "create":
      required(values, ["email", "name", "role"]);
      return { command, input: check(createInput, values) };
    case "promote":
      required(values, ["email", "role"]);
      if (values.name !== undefined || values.password !== undefined)
        throw new CliError("promote takes only --email and --role");
      return { command, input: check(promoteInput, values) };
    case "list":
      if (Object.values(values).some((v) => v !== undefined)) throw new CliError("list takes no options");
      return { command };
    default:
      throw new CliError(`unknown command "${command}": use create, promote or list`);
  }
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  createdAt: Date;
}

async function findUser(s: Services, address: string): Promise<UserRow | null> {
  const [row] = await s.db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: profiles.role,
      active: profiles.active,
      createdAt: user.createdAt,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.email, address));
  return row ?? null;
}

/**
 * Creates an account through better-auth, so the password is hashed exactly as a sign-up's would be. The
 * person running the CLI vouches for the address, so it counts as confirmed.
 */
export async function createUser(
  s: Services,
  auth: Auth,
  raw: CreateInput,
): Promise<{ user: UserRow; password: string; generated: boolean }> {
  const input = check(createInput, raw);
  if (await findUser(s, input.email))
    throw new CliError(`${input.email} already has an account: use promote to change its role`);
  const password = input.password ?? randomBytes(12).toString("base64url");
  let id: string;
  try {
    ({ id } = await provisionAccount(s, auth, { email: input.email, name: input.name, password, role: input.role }));
  } catch (err) {
    throw new CliError(`could not create ${input.email}: ${(err as Error).message}`);
  }
  await recordAudit(s.db, CLI_ACTOR, {
    action: "user.created",
    targetType: "user",
    targetId: id,
    targetLabel: `${input.name} <${input.email}>`,
    details: { role: input.role },
  });
  return { user: (await findUser(s, input.email))!, password, generated: input.password === undefined };
}

/** Sets a user's role by the same rule as the user-management page (never leaving the school without an admin), audited. */
export async function promoteUser(s: Services, raw: z.input<typeof promoteInput>): Promise<UserRow> {
  const input = check(promoteInput, raw);
  const found = await findUser(s, input.email);
  if (!found) throw new CliError(`no account with the e-mail ${input.email}`);
  try {
    await changeRole(s, { actor: CLI_ACTOR, userId: found.id, role: input.role });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw new CliError(err.message);
    throw err;
  }
  return (await findUser(s, input.email))!;
}

export async function listUsers(s: Services): Promise<UserRow[]> {
  return s.db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: profiles.role,
      active: profiles.active,
      createdAt: user.createdAt,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .orderBy(asc(user.email));
}

export function formatUsers(rows: UserRow[]): string {
  if (!rows.length) return "No users yet.";
  const table = [
    ["E-MAIL", "ROLE", "STATE", "NAME", "CREATED"],
    ...rows.map((r) => [
      r.email,
      r.role,
      r.active ? "active" : "deactivated",
      r.name,
      r.createdAt.toISOString().slice(0, 10),
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  return table
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  "))
    .join("\n");
}

/** Runs one parsed command and returns what to print. */
export async function runUserCommand(cmd: Command, s: Services, auth: Auth): Promise<string> {
  switch (cmd.command) {
    case "help":
      return USAGE;
    case "create": {
      const { user: u, password, generated } = await createUser(s, auth, cmd.input);
      const line = `Created ${u.role} ${u.name} <${u.email}>.`;
      return generated
        ? `${line}\nPassword: ${password}\n(Shown once: pass it on safely; they can change it under Settings.)`
        : line;
    }
    case "promote": {
      const u = await promoteUser(s, cmd.input);
      return `${u.name} <${u.email}> is now ${u.role}.`;
    }
    case "list":
      return formatUsers(await listUsers(s));
  }
}
