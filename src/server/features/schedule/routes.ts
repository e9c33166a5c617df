import { Hono, type Context } from "hono";
import {
  boardSaveInput,
  castOrderInput,
  castSaveInput,
  confirmInput,
  shootDayCreateInput,
  shootDayUpdateInput,
} from "../../../common/schedule.ts";
import { bannerCreateInput, bannerUpdateInput, estimateInput } from "../../../common/banners.ts";
import { callerOf } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { clientIp } from "../../auth/routes.ts";
import { JSON_TEXT } from "../../lib/cache.ts";
import { body, idParam, pathParam } from "../../lib/validate.ts";
import * as service from "./index.ts";

type C = Context<AppEnv>;

const client = (c: C) => ({ ip: clientIp(c), userAgent: (c.req.header("user-agent") ?? "unknown").slice(0, 500) });
const ids = (c: C) => ({ caller: callerOf(c), projectId: idParam(c, "projectId", "project") });
const day = (c: C) => ({ ...ids(c), dayId: idParam(c, "dayId", "shoot day") });

const pdfAnswer = (c: C, pdf: { fileName: string; bytes: Uint8Array }) =>
  c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${pdf.fileName}"`,
  });

/** /rest/v1/projects/{projectId}/schedule: everyone signed in reads, the crew, staff and admins plan (the service checks). */
export const scheduleRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.body(await service.browseSchedule(c.get("services"), ids(c)), 200, JSON_TEXT))
  .put("/board", async (c) =>
    c.json(await service.saveBoard(c.get("services"), { ...ids(c), input: await body(c, boardSaveInput) })),
  )
  .put("/cast-order", async (c) =>
    c.json(await service.saveCastOrder(c.get("services"), { ...ids(c), input: await body(c, castOrderInput) })),
  )
  .put("/cast", async (c) =>
    c.json(await service.saveCast(c.get("services"), { ...ids(c), input: await body(c, castSaveInput) })),
  )
  .put("/estimates", async (c) =>
    c.json(await service.saveEstimate(c.get("services"), { ...ids(c), input: await body(c, estimateInput) })),
  )
  .post("/banners", async (c) =>
    c.json(await service.createBanner(c.get("services"), { ...ids(c), input: await body(c, bannerCreateInput) }), 201),
  )
  .put("/banners/:bannerId", async (c) =>
    c.json(
      await service.updateBanner(c.get("services"), {
        ...ids(c),
        bannerId: pathParam(c, "bannerId"),
        input: await body(c, bannerUpdateInput),
      }),
    ),
  )
  .delete("/banners/:bannerId", async (c) =>
    c.json(await service.deleteBanner(c.get("services"), { ...ids(c), bannerId: pathParam(c, "bannerId") })),
  )
  .post("/days", async (c) =>
    c.json(
      await service.createShootDay(c.get("services"), { ...ids(c), input: await body(c, shootDayCreateInput) }),
      201,
    ),
  )
  .patch("/days/:dayId", async (c) =>
    c.json(await service.updateShootDay(c.get("services"), { ...day(c), input: await body(c, shootDayUpdateInput) })),
  )
  .delete("/days/:dayId", async (c) => c.json(await service.deleteShootDay(c.get("services"), day(c))))
  .get("/breakdown-sheets.pdf", async (c) => pdfAnswer(c, await service.breakdownSheetsPdf(c.get("services"), ids(c))))
  .get("/one-liner.pdf", async (c) => pdfAnswer(c, await service.oneLinerPdf(c.get("services"), ids(c))))
  .get("/days/:dayId/call-sheet", async (c) => c.json(await service.getCallSheet(c.get("services"), day(c))))
  .get("/days/:dayId/call-sheet.pdf", async (c) => pdfAnswer(c, await service.callSheetPdf(c.get("services"), day(c))))
  .post("/days/:dayId/call-sheet/send", async (c) => c.json(await service.sendCallSheet(c.get("services"), day(c))))
  .post("/days/:dayId/call-sheet/confirm", async (c) =>
    c.json(await service.confirmAsUser(c.get("services"), { ...day(c), client: client(c) })),
  );

/** /rest/v1/call-sheet-confirmation/{recipientId}: the e-mailed link, no sign-in; the token proves it. */
export const publicConfirmationRoutes = new Hono<AppEnv>()
  .get("/:recipientId", async (c) =>
    c.json(
      await service.openConfirmation(c.get("services"), {
        recipientId: pathParam(c, "recipientId"),
        token: c.req.query("token") ?? "",
      }),
    ),
  )
  .post("/:recipientId", async (c) =>
    c.json(
      await service.confirmByToken(c.get("services"), {
        recipientId: pathParam(c, "recipientId"),
        token: (await body(c, confirmInput)).token,
        client: client(c),
      }),
    ),
  );
