import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  accountsInput,
  budgetDraftInput,
  budgetSaveInput,
  bypassInput,
  expenseInput,
  proposalSubmitInput,
  publicDecisionInput,
  receiptQuery,
} from "../../../common/budget.ts";
import { budgetStartQuery, budgetTemplateInput } from "../../../common/budget-template.ts";
import { requireUser } from "../../auth/guards.ts";
import type { AppEnv } from "../../env.ts";
import { clientIp } from "../../auth/routes.ts";
import { JSON_TEXT } from "../../lib/cache.ts";
import { CSV_CONTENT_TYPE } from "../../lib/csv.ts";
import { fileHeaders, INLINE_TYPES, readUpload, uploadLimit } from "../../lib/upload.ts";
import { body, idParam, pathParam, query } from "../../lib/validate.ts";
import * as service from "./index.ts";

type C = Context<AppEnv>;

const caller = (c: C) => ({
  id: c.get("user").id,
  name: c.get("user").name,
  email: c.get("user").email,
  role: c.get("user").role,
});
const origin = (c: C): service.Origin => ({ ip: clientIp(c), userAgent: c.req.header("user-agent") ?? "" });
const exportQuery = z.object({
  part: z.enum(["topsheet", "detail"], "Export the top sheet or the detail.").default("topsheet"),
});
const tokenQuery = z.object({ token: z.string().default("") });

const download = (c: C, filename: string, type: string, data: string | Uint8Array) => {
  c.header("Content-Type", type);
  c.header("Content-Disposition", `attachment; filename="${filename}"`);
  c.header("Cache-Control", "no-store");
  return c.body(typeof data === "string" ? data : new Uint8Array(data));
};

/** /rest/v1/budgets/:projectId — everyone signed in reads; the service decides who changes what. */
export const budgetRoutes = new Hono<AppEnv>()
  .get("/pending", async (c) => c.json(await service.listPendingApprovals(c.get("services"), { caller: caller(c) })))
  .get("/:projectId", async (c) =>
    c.body(
      await service.browseBudget(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
      }),
      200,
      JSON_TEXT,
    ),
  )
  .put("/:projectId", async (c) =>
    c.json(
      await service.saveBudget(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        input: await body(c, budgetSaveInput),
      }),
    ),
  )
  .get("/:projectId/start", async (c) =>
    c.json(
      await service.startLines(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        from: query(c, budgetStartQuery).from,
      }),
    ),
  )
  .get("/:projectId/draft", async (c) =>
    c.body(
      await service.browseDraft(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
      }),
      200,
      JSON_TEXT,
    ),
  )
  .put("/:projectId/draft", async (c) =>
    c.json(
      await service.saveDraft(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        input: await body(c, budgetDraftInput),
      }),
    ),
  )
  .put("/:projectId/bypass", async (c) =>
    c.json(
      await service.setBypass(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        input: await body(c, bypassInput),
      }),
    ),
  )
  .post("/:projectId/proposals", async (c) =>
    c.json(
      await service.submitProposal(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        input: await body(c, proposalSubmitInput),
      }),
      201,
    ),
  )
  .post("/:projectId/proposals/:proposalId/withdraw", async (c) =>
    c.json(
      await service.withdrawProposal(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        proposalId: idParam(c, "proposalId", "budget proposal"),
      }),
    ),
  )
  .post("/:projectId/expenses", async (c) =>
    c.json(
      await service.addExpense(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        input: await body(c, expenseInput),
      }),
      201,
    ),
  )
  .delete("/:projectId/expenses/:expenseId", async (c) =>
    c.json(
      await service.deleteExpense(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        expenseId: idParam(c, "expenseId", "expense"),
      }),
    ),
  )
  .get("/:projectId/lines/:lineId/history", async (c) =>
    c.json(
      await service.getLineHistory(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        lineId: idParam(c, "lineId", "budget line"),
      }),
    ),
  )
  .get("/:projectId/versions/:version", async (c) =>
    c.json(
      await service.getBudgetVersion(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        version: pathParam(c, "version"),
      }),
    ),
  )
  .get("/:projectId/export.csv", async (c) => {
    const out = await service.exportCsv(c.get("services"), {
      caller: caller(c),
      projectId: idParam(c, "projectId", "project"),
      ...query(c, exportQuery),
    });
    return download(c, out.filename, CSV_CONTENT_TYPE, out.body);
  })
  .get("/:projectId/export.pdf", async (c) => {
    const out = await service.exportPdf(c.get("services"), {
      caller: caller(c),
      projectId: idParam(c, "projectId", "project"),
    });
    return download(c, out.filename, "application/pdf", out.body);
  });

/** /rest/v1/budget-accounts — everyone signed in reads the chart; the service lets only admins change it. */
export const accountRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await service.getAccounts(c.get("services"))))
  .put("/", async (c) =>
    c.json(await service.saveAccounts(c.get("services"), { caller: caller(c), input: await body(c, accountsInput) })),
  );

/** /rest/v1/budget-templates/:courseId — whoever sees the course reads; its teachers and admins change it. */
export const templateRoutes = new Hono<AppEnv>()
  .get("/:courseId", async (c) =>
    c.json(
      await service.getTemplate(c.get("services"), { caller: caller(c), courseId: idParam(c, "courseId", "course") }),
    ),
  )
  .put("/:courseId", async (c) =>
    c.json(
      await service.saveTemplate(c.get("services"), {
        caller: caller(c),
        courseId: idParam(c, "courseId", "course"),
        input: await body(c, budgetTemplateInput),
      }),
    ),
  );

/** /rest/v1/budget-proposals/:id — the in-app approval of a signed-in approver. */
export const proposalRoutes = new Hono<AppEnv>()
  .get("/:id", async (c) =>
    c.json(
      await service.getProposal(c.get("services"), {
        caller: caller(c),
        proposalId: idParam(c, "id", "budget proposal"),
      }),
    ),
  )
  .post("/:id/decision", async (c) =>
    c.json(
      await service.decideSignedIn(c.get("services"), {
        caller: caller(c),
        proposalId: idParam(c, "id", "budget proposal"),
        input: await body(c, z.looseObject({})),
        origin: origin(c),
      }),
    ),
  )
  .get("/:id/decision.pdf", async (c) =>
    download(
      c,
      "budget-decision.pdf",
      "application/pdf",
      await service.decisionPdf(c.get("services"), {
        proposalId: idParam(c, "id", "budget proposal"),
        caller: caller(c),
      }),
    ),
  );

/** /rest/v1/budget-approval/:id — the e-mailed link, no sign-in: the token is the only key. */
export const publicApprovalRoutes = new Hono<AppEnv>()
  .get("/:id", async (c) =>
    c.json(
      await service.getProposalByToken(c.get("services"), { proposalId: pathParam(c, "id"), ...query(c, tokenQuery) }),
    ),
  )
  .post("/:id/decision", async (c) => {
    const { token, ...input } = await body(c, publicDecisionInput);
    return c.json(
      await service.decideByToken(c.get("services"), {
        proposalId: pathParam(c, "id"),
        token,
        input,
        origin: origin(c),
      }),
    );
  })
  .get("/:id/decision.pdf", async (c) =>
    download(
      c,
      "budget-decision.pdf",
      "application/pdf",
      await service.decisionPdf(c.get("services"), { proposalId: pathParam(c, "id"), ...query(c, tokenQuery) }),
    ),
  );

/**
 * /storage/v1/object/receipts/<projectId>/<expenseId>: an expense's receipt. POST (the file's bytes, ?name=)
 * attaches or replaces it, GET opens it (?download saves it), DELETE removes it; the service checks who.
 */
export const receiptStorageRoutes = new Hono<AppEnv>()
  .use("*", requireUser)
  .post("/:projectId/:expenseId", uploadLimit, async (c) => {
    const { fileName, bytes } = await readUpload(c, receiptQuery);
    return c.json(
      await service.uploadReceipt(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        expenseId: idParam(c, "expenseId", "expense"),
        fileName,
        bytes,
      }),
      201,
    );
  })
  .get("/:projectId/:expenseId", async (c) => {
    const r = await service.readReceipt(c.get("services"), {
      caller: caller(c),
      projectId: idParam(c, "projectId", "project"),
      expenseId: idParam(c, "expenseId", "expense"),
    });
    const inline = c.req.query("download") === undefined && INLINE_TYPES.has(r.contentType);
    return c.body(new Uint8Array(r.bytes), 200, {
      ...fileHeaders(r.contentType, r.fileName, inline),
      ...(r.sha256 ? { etag: `"${r.sha256}"` } : {}),
    });
  })
  .delete("/:projectId/:expenseId", async (c) =>
    c.json(
      await service.deleteReceipt(c.get("services"), {
        caller: caller(c),
        projectId: idParam(c, "projectId", "project"),
        expenseId: idParam(c, "expenseId", "expense"),
      }),
    ),
  );
