import { Hono, type Context } from "hono";
import { dailyReportSaveInput, dailyReportSignInput } from "../../../common/daily-reports.ts";
import { callerOf } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { AppError } from "../../lib/errors.ts";
import { body, idParam } from "../../lib/validate.ts";
import * as service from "./index.ts";

type C = Context<AppEnv>;

const day = (c: C) => ({
  caller: callerOf(c),
  projectId: idParam(c, "projectId", "project"),
  dayId: idParam(c, "dayId", "shoot day"),
});

const PDF_FILES: Record<string, service.ReportPdf> = {
  "report.pdf": "report",
  "script-notes.pdf": "script-notes",
  "camera-report.pdf": "camera",
  "sound-report.pdf": "sound",
};

/** /rest/v1/projects/{projectId}/daily-reports/{dayId}: the crew, staff and admins read and write; the producer signs. */
export const dailyReportRoutes = new Hono<AppEnv>()
  .get("/", async (c) =>
    c.json(
      await service.listReports(c.get("services"), {
        caller: callerOf(c),
        projectId: idParam(c, "projectId", "project"),
      }),
    ),
  )
  .get("/:dayId", async (c) => c.json(await service.getReport(c.get("services"), day(c))))
  .put("/:dayId", async (c) =>
    c.json(await service.saveReport(c.get("services"), { ...day(c), input: await body(c, dailyReportSaveInput) })),
  )
  .post("/:dayId/sign", async (c) =>
    c.json(
      await service.signReport(c.get("services"), {
        ...day(c),
        version: (await body(c, dailyReportSignInput)).version,
      }),
    ),
  )
  .post("/:dayId/reopen", async (c) => c.json(await service.reopenReport(c.get("services"), day(c))))
  .get("/:dayId/:file", async (c) => {
    const kind = PDF_FILES[c.req.param("file")];
    if (!kind) throw new AppError("not_found", "There is no such paper of a shoot day.");
    const pdf = await service.reportPdf(c.get("services"), { ...day(c), kind });
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${pdf.fileName}"`,
    });
  });

/** /rest/v1/today: the signed-in person's shoot days and open reports, for their phone. */
export const todayRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await service.getToday(c.get("services"), { caller: callerOf(c) })))
  .get("/on-set", async (c) => c.json(await service.onSetNow(c.get("services"), { caller: callerOf(c) })));
