import { Hono } from "hono";
import { z } from "zod";
import { requireCan } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { body, query } from "../../lib/validate.ts";
import { listEmails, runNotificationJobs, sendTestEmail } from "./service.ts";

export const functionRoutes = new Hono<AppEnv>().post("/process-notification-jobs", async (c) =>
  c.json(await runNotificationJobs(c.get("services"))),
);

const page = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

// The outbox holds password-reset links: only admins may read it or send from it.
export const emailRoutes = new Hono<AppEnv>()
  .use(requireCan("school.admin"))
  .get("/", async (c) => c.json(await listEmails(c.get("services"), query(c, page))))
  .post("/test", async (c) => {
    const { to } = await body(c, z.object({ to: z.string().trim().email("Please enter a valid email address") }));
    return c.json(await sendTestEmail(c.get("services"), { to, sentBy: c.get("user").name }), 202);
  });
