/** The demo's self-service release link, with one copy signed through it (rows written directly: no mail). */
import { eq } from "drizzle-orm";
import { DAY_MS } from "../../../common/time.ts";
import type { Services } from "../../context.ts";
import { projects, releaseLinks } from "../../db/schema/index.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import type { Plan } from "./seed-plan.ts";

/** An open "scan to sign" link; its token is thrown away, as the producer would have printed its QR code. */
export async function selfServedReleases(s: Pick<Services, "db">, projectTitle: string): Promise<Plan[]> {
  const [project] = await s.db.select().from(projects).where(eq(projects.title, projectTitle));
  if (!project) return [];
  const [row] = await s.db
    .insert(releaseLinks)
    .values({
      projectId: project.id,
      template: "talent_release",
      label: "Harbour crowd casting",
      tokenHash: hashToken(newToken()),
      expiresAt: new Date(Date.now() + 20 * DAY_MS),
      createdByName: "Amara Diallo",
    })
    .returning();
  return [{ ...SELF_SERVED_RELEASE, releaseLinkId: row!.id }];
}

/** A talent release a crowd extra filled and signed on their phone through the self-service link. */
const SELF_SERVED_RELEASE: Plan = {
  title: "Talent release — Noor Haddad",
  category: "release_forms",
  template: ["talent_release", "Noor Haddad", "Harbour crowd"],
  releaseFor: "Noor Haddad",
  request: {
    status: "completed",
    order: "parallel",
    message: "",
    ageDays: 2,
    signers: [["Noor Haddad", "noor.haddad@example.org", "signer", "signed"]],
  },
};
