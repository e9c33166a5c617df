import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, session, user } from "../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";
import {
  CliError,
  createUser,
  formatUsers,
  listUsers,
  parseCommand,
  promoteUser,
  runUserCommand,
} from "./user-commands.ts";

describe("parseCommand", () => {
  it("reads create, promote and list", () => {
    expect(
      parseCommand(["create", "--email", " Ines.Roth@School.edu ", "--name", " Ines Roth ", "--role", "staff"]),
    ).toEqual({
      command: "create",
      input: { email: "ines.roth@school.edu", name: "Ines Roth", role: "staff" },
    });
    expect(
      parseCommand(["create", "--email", "a@school.edu", "--name", "Al", "--role", "admin", "--password", "secret1"]),
    ).toMatchObject({
      input: { password: "secret1" },
    });
    expect(parseCommand(["promote", "--email=a@school.edu", "--role=equipment_manager"])).toEqual({
      command: "promote",
      input: { email: "a@school.edu", role: "equipment_manager" },
    });
    expect(parseCommand(["list"])).toEqual({ command: "list" });
    expect(parseCommand([])).toEqual({ command: "help" });
  });

  it.each([
    [["frob"], 'unknown command "frob": use create, promote or list'],
    [["create", "--email", "a@school.edu", "--role", "staff"], "missing --name"],
    [["create", "--name", "Al"], "missing --email, --role"],
    [["create", "--email", "nope", "--name", "Al", "--role", "staff"], "--email must be an e-mail address"],
    [["create", "--email", "a@school.edu", "--name", "A", "--role", "staff"], "--name must be at least 2 characters"],
    [
      ["create", "--email", "a@school.edu", "--name", "Al", "--role", "dean"],
      "--role must be one of student, staff, equipment_manager, admin",
    ],
    [
      ["create", "--email", "a@school.edu", "--name", "Al", "--role", "staff", "--password", "12345"],
      "--password must be at least 6 characters",
    ],
    [
      ["promote", "--email", "a@school.edu", "--role", "staff", "--name", "Al"],
      "promote takes only --email and --role",
    ],
    [["list", "--role", "admin"], "list takes no options"],
    [["list", "--colour", "red"], "Unknown option '--colour'"],
  ])("refuses %j with one clear line", (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(new CliError(message));
  });
});

describe.each(DB_KINDS)("user commands on %s", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind);
  });
  afterAll(() => p?.close());

  it("creates a user with a generated password that signs in, confirmed and with the role asked for", async () => {
    const {
      user: created,
      password,
      generated,
    } = await createUser(p.services, p.auth, { email: "Ines.Roth@school.edu", name: "Ines Roth", role: "staff" });
    expect(generated).toBe(true);
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(created).toMatchObject({ email: "ines.roth@school.edu", name: "Ines Roth", role: "staff" });
    const [row] = await p.services.db.select().from(user).where(eq(user.id, created.id));
    expect(row!.emailVerified).toBe(true);
    expect(await p.services.db.select().from(session).where(eq(session.userId, created.id))).toEqual([]);

    const cookie = await p.signIn("ines.roth@school.edu", password);
    const me = await (await p.request("/rest/v1/profile", { cookie })).json();
    expect(me).toMatchObject({ email: "ines.roth@school.edu", fullName: "Ines Roth", role: "staff" });
  });

  it("creates a user with the password given, and prints no password then", async () => {
    const out = await runUserCommand(
      parseCommand([
        "create",
        "--email",
        "kai@school.edu",
        "--name",
        "Kai Berg",
        "--role",
        "admin",
        "--password",
        "chosen-one",
      ]),
      p.services,
      p.auth,
    );
    expect(out).toBe("Created admin Kai Berg <kai@school.edu>.");
    await expect(p.signIn("kai@school.edu", "chosen-one")).resolves.toBeTruthy();
  });

  it("refuses to create an account that exists", async () => {
    await expect(
      createUser(p.services, p.auth, { email: "student@portal.test", name: "Lena Fischer", role: "student" }),
    ).rejects.toThrow(new CliError("student@portal.test already has an account: use promote to change its role"));
  });

  it("promotes a user, and never leaves the school without an admin", async () => {
    expect(await promoteUser(p.services, { email: "jun.park@portal.test", role: "equipment_manager" })).toMatchObject({
      role: "equipment_manager",
    });
    const cookie = await p.signIn("jun.park@portal.test");
    expect(await (await p.request("/rest/v1/profile", { cookie })).json()).toMatchObject({ role: "equipment_manager" });

    await expect(promoteUser(p.services, { email: "nobody@school.edu", role: "admin" })).rejects.toThrow(
      new CliError("no account with the e-mail nobody@school.edu"),
    );

    const admins = (await listUsers(p.services)).filter((u) => u.role === "admin");
    for (const a of admins.slice(1)) await promoteUser(p.services, { email: a.email, role: "staff" });
    await expect(promoteUser(p.services, { email: admins[0]!.email, role: "student" })).rejects.toThrow(
      new CliError("The school needs at least one active admin: make someone else admin first."),
    );
    const [audit] = await p.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, (await listUsers(p.services)).find((u) => u.email === "jun.park@portal.test")!.id));
    expect(audit).toMatchObject({
      action: "user.role_changed",
      actorId: null,
      actorName: "command line (npm run user)",
    });
  });

  it("lists every user with role and name", async () => {
    const rows = await listUsers(p.services);
    expect(rows.map((r) => r.email)).toEqual([...rows.map((r) => r.email)].sort());
    expect(rows).toContainEqual(expect.objectContaining({ email: "admin@portal.test", name: "Margaret Okafor" }));
    const text = formatUsers(rows);
    expect(text.split("\n")[0]).toMatch(/^E-MAIL\s+ROLE\s+STATE\s+NAME\s+CREATED$/);
    expect(text).toMatch(/student@portal\.test\s+student\s+active\s+Lena Fischer\s+\d{4}-\d{2}-\d{2}/);
  });
});
