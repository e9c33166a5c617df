import { Hono } from "hono";
import { z } from "zod";
import { requireCan } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { AppError } from "../../lib/errors.ts";
import { endAllSessionsOf, endOtherSessions, endSession, listSessions } from "./service.ts";

const idParam = z.object({
  id: z
    .string("Say which device to sign out.")
    .min(1, "Say which device to sign out.")
    .max(200, "That is not a device of yours."),
});
const userParam = z.object({ userId: z.string().min(1).max(200, "There is no such person.") });

function currentSession(c: { get(k: "user"): { sessionId?: string } }) {
  const id = c.get("user").sessionId;
  if (!id) throw new AppError("unauthorized", "Please sign in to continue.");
  return id;
}

/** The person's own signed-in devices (Settings), and an admin's "Sign out everywhere" for a person. */
export const sessionRoutes = new Hono<AppEnv>()
  .get("/", async (c) =>
    c.json(
      await listSessions(c.get("services"), { userId: c.get("user").id, currentSessionId: c.get("user").sessionId }),
    ),
  )
  .post("/sign-out-others", async (c) =>
    c.json(
      await endOtherSessions(c.get("services"), { userId: c.get("user").id, currentSessionId: currentSession(c) }),
    ),
  )
  .post("/of/:userId/sign-out-everywhere", requireCan("school.admin"), async (c) => {
    const { userId } = userParam.parse(c.req.param());
    const { id, name } = c.get("user");
    return c.json(await endAllSessionsOf(c.get("services"), { actor: { id, name }, userId }));
  })
  .delete("/:id", async (c) => {
    const { id } = idParam.parse(c.req.param());
    return c.json(await endSession(c.get("services"), { userId: c.get("user").id, sessionId: id }));
  });
