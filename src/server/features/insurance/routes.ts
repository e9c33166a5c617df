import { Hono, type Context } from "hono";
import {
  endorsementInput,
  insuranceDeclineInput,
  insuranceRequestInput,
  INSURANCE_TOKEN_HEADER,
} from "../../../common/insurance.ts";
import { callerOf, requireUser } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { readUpload, uploadLimit } from "../../lib/upload.ts";
import { body, idParam, pathParam } from "../../lib/validate.ts";
import * as service from "./index.ts";

type C = Context<AppEnv>;

/** /rest/v1/projects/{projectId}/insurance: the crew's requests (the service checks who). */
export const projectInsuranceRoutes = new Hono<AppEnv>()
  .get("/", async (c) =>
    c.json(
      await service.listForProject(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
      }),
    ),
  )
  .post("/", async (c) =>
    c.json(
      await service.createRequest(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
        input: await body(c, insuranceRequestInput),
      }),
      201,
    ),
  );

const requestId = (c: C) => idParam(c, "requestId", "certificate request");

/** /rest/v1/insurance: what waits for a teacher or the office, and what they do with one request. */
export const insuranceRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await service.listWaiting(c.get("services"), { caller: callerOf(c) })))
  .post("/:requestId/endorsement", async (c) =>
    c.json(
      await service.endorse(c.get("services"), {
        caller: callerOf(c),
        requestId: requestId(c),
        input: await body(c, endorsementInput),
      }),
    ),
  )
  .post("/:requestId/withdraw", async (c) =>
    c.json(await service.withdraw(c.get("services"), { caller: callerOf(c), requestId: requestId(c) })),
  )
  .post("/:requestId/link/revoke", async (c) =>
    c.json(await service.renewLink(c.get("services"), { caller: callerOf(c), requestId: requestId(c), resend: false })),
  )
  .post("/:requestId/link/resend", async (c) =>
    c.json(await service.renewLink(c.get("services"), { caller: callerOf(c), requestId: requestId(c), resend: true })),
  )
  .post("/:requestId/decline", async (c) =>
    c.json(
      await service.answerInPortal(c.get("services"), {
        caller: callerOf(c),
        requestId: requestId(c),
        decline: await body(c, insuranceDeclineInput),
      }),
    ),
  );

const token = (c: C) => c.req.header(INSURANCE_TOKEN_HEADER);

/** /rest/v1/insurance-link/{requestId}: the office's link, no sign-in; the token in a header is the key. */
export const publicInsuranceRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header("cache-control", "no-store");
  })
  .get("/:requestId", async (c) =>
    c.json(await service.openLink(c.get("services"), { requestId: pathParam(c, "requestId"), token: token(c) })),
  )
  .post("/:requestId/decline", async (c) =>
    c.json(
      await service.answerByLink(c.get("services"), {
        requestId: pathParam(c, "requestId"),
        token: token(c),
        decline: await body(c, insuranceDeclineInput),
      }),
    ),
  );

/** /storage/v1/object/insurance-link/<requestId>: the certificate uploaded through the office's link, no account. */
export const publicInsuranceStorageRoutes = new Hono<AppEnv>().post("/:requestId", uploadLimit, async (c) => {
  const { fileName, bytes } = await readUpload(c);
  c.header("cache-control", "no-store");
  return c.json(
    await service.answerByLink(c.get("services"), {
      requestId: pathParam(c, "requestId"),
      token: token(c),
      fileName,
      bytes,
    }),
    201,
  );
});

/** /storage/v1/object/insurance/<requestId>: the certificate uploaded by the office's account (or an admin). */
export const insuranceStorageRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/:requestId", uploadLimit, async (c) => {
    const { fileName, bytes } = await readUpload(c);
    return c.json(
      await service.answerInPortal(c.get("services"), {
        caller: callerOf(c),
        requestId: requestId(c),
        fileName,
        bytes,
      }),
      201,
    );
  });
