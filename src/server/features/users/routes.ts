import { Hono } from "hono";
import { z } from "zod";
import {
  acceptInvitationInput,
  invitationInput,
  peopleQuery,
  roleChangeInput,
  userListQuery,
} from "../../../common/users.ts";
import { callerOf, requireCan, type WithVars } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { body, query } from "../../lib/validate.ts";
import { listAudit } from "../audit/service.ts";
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  lookupInvitation,
  resendInvitation,
  revokeInvitation,
} from "./invitations.ts";
import { erasePerson, exportPersonalData } from "./personal-data.ts";
import { JSON_TEXT } from "../../lib/cache.ts";
import { browsePeople, changeRole, listUsers, setActive } from "./service.ts";

const page = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
const idParam = z.object({ id: z.string().min(1) });
const actorOf = (c: WithVars) => ({ id: c.get("user").id, name: c.get("user").name });

// Each router checks the admin role for its own prefix only (a `use` on a router mounted at /rest/v1
// would guard every other resource too).
export const userRoutes = new Hono<AppEnv>()
  .use(requireCan("school.admin"))
  .get("/", async (c) => c.json(await listUsers(c.get("services"), query(c, userListQuery))))
  .patch("/:id", async (c) => {
    const { id } = idParam.parse(c.req.param());
    const { role } = await body(c, roleChangeInput);
    return c.json(await changeRole(c.get("services"), { actor: actorOf(c), userId: id, role }));
  })
  .post("/:id/deactivate", async (c) => {
    const { id } = idParam.parse(c.req.param());
    return c.json(await setActive(c.get("services"), { actor: actorOf(c), userId: id, active: false }));
  })
  .post("/:id/reactivate", async (c) => {
    const { id } = idParam.parse(c.req.param());
    return c.json(await setActive(c.get("services"), { actor: actorOf(c), userId: id, active: true }));
  })
  .get("/:id/personal-data.zip", async (c) => {
    const { id } = idParam.parse(c.req.param());
    const out = await exportPersonalData(c.get("services"), { actor: actorOf(c), userId: id });
    c.header("Content-Type", "application/zip");
    c.header("Content-Disposition", `attachment; filename="${out.fileName}"`);
    c.header("Cache-Control", "no-store");
    return c.body(new Uint8Array(out.bytes));
  })
  .post("/:id/erase", async (c) => {
    const { id } = idParam.parse(c.req.param());
    return c.json(await erasePerson(c.get("services"), { actor: actorOf(c), userId: id }));
  });

export const auditRoutes = new Hono<AppEnv>()
  .use(requireCan("school.admin"))
  .get("/", async (c) => c.json(await listAudit(c.get("services").db, query(c, page))));

export const invitationAdminRoutes = new Hono<AppEnv>()
  .use(requireCan("school.admin"))
  .get("/", async (c) => c.json(await listInvitations(c.get("services"), query(c, page))))
  .post("/", async (c) => {
    const input = await body(c, invitationInput);
    return c.json(await createInvitation(c.get("services"), { actor: actorOf(c), ...input }), 201);
  })
  .post("/:id/resend", async (c) => {
    const { id } = idParam.parse(c.req.param());
    await resendInvitation(c.get("services"), { actor: actorOf(c), id });
    return c.body(null, 204);
  })
  .delete("/:id", async (c) => {
    const { id } = idParam.parse(c.req.param());
    await revokeInvitation(c.get("services"), { actor: actorOf(c), id });
    return c.body(null, 204);
  });

/** The invitation link is public: the person has no account yet. The token is the only key. */
export const invitationPublicRoutes = new Hono<AppEnv>()
  .get("/lookup", async (c) => {
    const { token } = query(c, z.object({ token: z.string().min(1, "This invitation link is not valid.") }));
    return c.json(await lookupInvitation(c.get("services"), token));
  })
  .post("/accept", async (c) => {
    const input = await body(c, acceptInvitationInput);
    return acceptInvitation(c.get("services"), c.get("auth"), input);
  });

/** Any signed-in person: the directory behind crew and supervisor pickers (active people, name, role; e-mail by `emailsVisibleTo`). */
export const peopleRoutes = new Hono<AppEnv>().get("/", async (c) =>
  c.body(await browsePeople(c.get("services"), { caller: callerOf(c), query: query(c, peopleQuery) }), 200, JSON_TEXT),
);
