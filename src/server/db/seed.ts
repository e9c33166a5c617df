import { count, inArray } from "drizzle-orm";
import type { Role } from "../../common/roles.ts";
import type { Auth } from "../auth/auth.ts";
import type { Services } from "../context.ts";
import { seedCourses } from "../features/courses/seed.ts";
import { seedDelivery } from "../features/delivery/seed.ts";
import { seedEquipment } from "../features/equipment/seed.ts";
import { seedFairShare } from "../features/equipment/fair-seed.ts";
import { syncProfile } from "../features/profiles/service.ts";
import { seedDocuments } from "../features/documents/seed.ts";
import { seedBudgets } from "../features/budgets/seed.ts";
import { seedBudgetTemplates } from "../features/budgets/seed-templates.ts";
import { seedProjects } from "../features/projects/seed.ts";
import { seedReview } from "../features/review/seed.ts";
import { seedScreenplays } from "../features/screenplays/seed.ts";
import { seedSchedule } from "../features/schedule/seed.ts";
import { seedShots } from "../features/shots/seed.ts";
import { seedSafety } from "../features/safety/seed.ts";
import { seedDailyReports } from "../features/daily-reports/seed.ts";
import { seedLocations } from "../features/locations/seed.ts";
import { seedInsurance } from "../features/insurance/seed.ts";
import { seedProductionContacts } from "../features/production-contacts/seed.ts";
import { seedSchoolSettings } from "../features/school/service.ts";
import { user } from "./schema/index.ts";

export const DEMO_PASSWORD = "portal-demo";

export const DEMO_ACCOUNTS: { email: string; name: string; role: Role }[] = [
  { email: "admin@portal.test", name: "Margaret Okafor", role: "admin" },
  { email: "staff@portal.test", name: "Daniel Reyes", role: "staff" },
  { email: "equipment@portal.test", name: "Priya Natarajan", role: "equipment_manager" },
  { email: "student@portal.test", name: "Lena Fischer", role: "student" },
  { email: "tomas.novak@portal.test", name: "Tomás Novák", role: "student" },
  { email: "amara.diallo@portal.test", name: "Amara Diallo", role: "student" },
  { email: "jun.park@portal.test", name: "Jun Park", role: "student" },
  { email: "sofia.marchetti@portal.test", name: "Sofia Marchetti", role: "student" },
  { email: "elliot.brooks@portal.test", name: "Elliot Brooks", role: "student" },
  { email: "noor.haddad@portal.test", name: "Noor Haddad", role: "student" },
];

export interface SeedResult {
  created: boolean;
  accounts: typeof DEMO_ACCOUNTS;
}

/**
 * Seeds the demo school into an empty database. A database that already has users is left alone
 * (a second start reuses the data); the accounts are still reported if they are there.
 */
export async function seedDemoSchool(s: Services, auth: Auth): Promise<SeedResult> {
  const [existing] = await s.db.select({ n: count() }).from(user);
  if ((existing?.n ?? 0) > 0) {
    const present = await s.db
      .select({ email: user.email })
      .from(user)
      .where(
        inArray(
          user.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    const emails = new Set(present.map((p) => p.email));
    return { created: false, accounts: DEMO_ACCOUNTS.filter((a) => emails.has(a.email)) };
  }
  // Every demo account has the same password, so one hash serves them all: each takes a tenth of a second, one at
  // a time (auth/password.ts). Made as better-auth's sign-up makes them, without the session it would open.
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    const created = await ctx.internalAdapter.createUser(
      {
        email: account.email,
        name: account.name,
        emailVerified: true,
      },
      { method: "email-password" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: created.id,
      providerId: "credential",
      accountId: created.id,
      password: hash,
    });
    await syncProfile(s.db, created.id, { role: account.role });
  }
  await seedSchoolSettings(s.db, { schoolName: "Northbridge Film School", currency: "EUR" });
  const projectCount = await seedProjects(s, DEMO_ACCOUNTS);
  await seedCourses(s);
  await seedScreenplays(s);
  await seedSchedule(s);
  await seedShots(s);
  await seedLocations(s);
  await seedDocuments(s, "Northbridge Film School");
  await seedSafety(s, "Northbridge Film School");
  await seedDailyReports(s);
  // The insurance requests pick from the contacts.
  await seedProductionContacts(s);
  await seedInsurance(s);
  await seedBudgets(s);
  await seedBudgetTemplates(s);
  await seedDelivery(s, "Northbridge Film School");
  await seedReview(s);
  const equipmentCount = await seedEquipment(s);
  await seedFairShare(s);
  s.log.info(
    { accounts: DEMO_ACCOUNTS.length, projects: projectCount, equipment: equipmentCount },
    "seeded the demo school",
  );
  return { created: true, accounts: DEMO_ACCOUNTS };
}
