import { productionContactRoutes } from "./features/production-contacts/routes.ts";
import {
  insuranceRoutes,
  insuranceStorageRoutes,
  projectInsuranceRoutes,
  publicInsuranceRoutes,
  publicInsuranceStorageRoutes,
} from "./features/insurance/routes.ts";
import { hospitalRoutes, locationRoutes, locationStorageRoutes } from "./features/locations/routes.ts";
import { existsSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { perfLevel } from "../common/perf.ts";
import { AUTH_BASE_PATH, type Auth } from "./auth/auth.ts";
import { authRoutes } from "./auth/routes.ts";
import { signInOptionRoutes } from "./auth/sso-routes.ts";
import { requireUser } from "./auth/guards.ts";
import type { AppEnv } from "./env.ts";
import type { Services } from "./context.ts";
import { publicAccountRoutes } from "./features/account/routes.ts";
import { equipmentRoutes, equipmentStorageRoutes } from "./features/equipment/routes.ts";
import { equipmentFairRoutes } from "./features/equipment/fair-routes.ts";
import { emailRoutes, functionRoutes } from "./features/notifications/routes.ts";
import {
  documentRoutes,
  sealingCertificateRoutes,
  publicReleaseLinkRoutes,
  publicSigningRoutes,
  storageRoutes,
  submissionRoutes,
} from "./features/documents/routes.ts";
import { inboxRoutes } from "./features/inbox/routes.ts";
import { adminRoutes, icalRoutes, overviewRoutes } from "./features/overview/routes.ts";
import { perfRoutes } from "./features/perf/routes.ts";
import { publicUnsubscribeRoutes } from "./features/notifications/unsubscribe.ts";
import { UNSUBSCRIBE_PATH } from "./mail/unsubscribe.ts";
import { courseRoutes } from "./features/courses/routes.ts";
import { courseDeliveryRoutes, projectDeliveryRoutes } from "./features/delivery/routes.ts";
import { reviewRoutes } from "./features/review/review-routes.ts";
import { projectRoutes } from "./features/projects/routes.ts";
import { CUT_UPLOAD_PATH } from "../common/review.ts";
import { cutRoutes, projectCutRoutes, uploadRoutes, versionMediaRoutes } from "./features/review/routes.ts";
import {
  accountRoutes,
  templateRoutes,
  budgetRoutes,
  proposalRoutes,
  publicApprovalRoutes,
  receiptStorageRoutes,
} from "./features/budgets/routes.ts";
import { AVATAR_UPLOAD_PATH, profileRoutes } from "./features/profiles/routes.ts";
import { schoolFormatRoutes, schoolRoutes } from "./features/school/routes.ts";
import { shotFrameStorageRoutes, shotRoutes } from "./features/shots/routes.ts";
import { publicConfirmationRoutes, scheduleRoutes } from "./features/schedule/routes.ts";
import { projectSafetyRoutes, safetyRoutes } from "./features/safety/routes.ts";
import { dailyReportRoutes, todayRoutes } from "./features/daily-reports/routes.ts";
import { publicReviewRoutes, reviewLinkRoutes } from "./features/review/guest-routes.ts";
import { screenplayRoutes } from "./features/screenplays/routes.ts";
import { sessionRoutes } from "./features/sessions/routes.ts";
import {
  auditRoutes,
  invitationAdminRoutes,
  invitationPublicRoutes,
  peopleRoutes,
  userRoutes,
} from "./features/users/routes.ts";
import { checkReadiness } from "./db/client.ts";
import { admission, apiLine } from "./lib/admission.ts";
import { AppError, errorResponse, RETRY_AFTER_SECONDS } from "./lib/errors.ts";
import { allowedOrigins } from "./lib/origin.ts";
import { pageHtml } from "./lib/page-html.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface AppOptions {
  /** Folder of the built web app; when absent (API tests) only the API is served. */
  webDir?: string;
}

export function createApp(services: Services, auth: Auth, opts: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  const { log } = services;

  app.onError((err, c) => errorResponse(err, c, log));

  app.use(async (c, next) => {
    c.set("services", services);
    c.set("auth", auth);
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const level = perfLevel(ms);
    if (level !== "ok") {
      const entry = {
        perf: {
          kind: "request",
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          durationMs: Math.round(ms),
        },
      };
      if (level === "flag") log.error(entry, `slow request flagged: ${c.req.method} ${c.req.path}`);
      else log.warn(entry, `slow request: ${c.req.method} ${c.req.path}`);
    }
  });

  app.use(admission<AppEnv>(services.config.REQUESTS_AT_ONCE, apiLine));

  // Same-origin check for every state-changing call: a browser always sends Origin on these, and a
  // cookie-carrying request from another site is refused.
  app.use(async (c, next) => {
    if (STATE_CHANGING.has(c.req.method)) {
      const origin = c.req.header("origin");
      const allowed = allowedOrigins(services.config.PUBLIC_URL, {
        own: new URL(c.req.url).origin,
        host: c.req.header("host"),
        forwardedProto: c.req.header("x-forwarded-proto"),
      });
      if (origin && origin !== "null" && !allowed.includes(origin))
        throw new AppError("forbidden", "Cross-site request refused.");
      if (c.req.header("sec-fetch-site") === "cross-site")
        throw new AppError("forbidden", "Cross-site request refused.");
    }
    await next();
  });

  const restLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: () => {
      throw new AppError("payload_too_large", "The request is too large.");
    },
  });
  // A picture upload carries its own, larger limit. A GET has no body to limit, and asking for one would make
  // the Node adapter build a whole fetch Request (with its AbortController) for every read: a sixth of the
  // projects list's CPU time under load.
  app.use("/rest/*", (c, next) =>
    c.req.method === "GET" ||
    c.req.method === "HEAD" ||
    c.req.path === AVATAR_UPLOAD_PATH ||
    // A cut's pieces stream through tus to the staging folder, under the cut size limit tus checks itself.
    c.req.path.startsWith(`${CUT_UPLOAD_PATH}/`) ||
    c.req.path === CUT_UPLOAD_PATH
      ? next()
      : restLimit(c, next),
  );
  app.use(
    "/functions/*",
    bodyLimit({
      maxSize: 64 * 1024,
      onError: () => {
        throw new AppError("payload_too_large", "The request is too large.");
      },
    }),
  );

  app.route(AUTH_BASE_PATH, authRoutes);
  // Liveness: the process answers. It stays ok through a database outage, so an orchestrator does not restart
  // instances that could not fix it; readiness says whether this instance can serve.
  app.get("/healthz", (c) => c.json({ ok: true }));
  app.get("/readyz", async (c) => {
    const r = await checkReadiness(services.database);
    c.header("Cache-Control", "no-store");
    if (r.ready) return c.json({ ready: true });
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return c.json({ ready: false, reason: r.reason }, 503);
  });

  app.route("/rest/v1/perf-log", perfRoutes());
  app.route("/rest/v1", publicAccountRoutes);
  app.route("/rest/v1/invitations", invitationPublicRoutes);
  app.route("/rest/v1/ical", icalRoutes);
  app.route("/rest/v1/budget-approval", publicApprovalRoutes);
  app.route("/rest/v1/signing", publicSigningRoutes);
  app.route("/rest/v1/release-link", publicReleaseLinkRoutes());
  app.route("/storage/v1/object/equipment", equipmentStorageRoutes);
  app.route("/rest/v1/call-sheet-confirmation", publicConfirmationRoutes);
  app.route("/rest/v1/school-formats", schoolFormatRoutes);
  app.route("/rest/v1/sign-in-options", signInOptionRoutes);
  app.route(UNSUBSCRIBE_PATH, publicUnsubscribeRoutes);
  app.route("/storage/v1/object/receipts", receiptStorageRoutes);
  app.route("/rest/v1/insurance-link", publicInsuranceRoutes);
  app.route("/rest/v1/review-link", publicReviewRoutes());
  app.route("/storage/v1/object/insurance-link", publicInsuranceStorageRoutes);
  app.route("/storage/v1/object/insurance", insuranceStorageRoutes);
  app.route("/storage/v1/object/locations", locationStorageRoutes);
  app.route("/storage/v1/object/shots", shotFrameStorageRoutes);
  app.route("/storage/v1/object", storageRoutes);
  app.use("/rest/v1/*", requireUser);
  app.use("/functions/v1/*", requireUser);
  app.route("/rest/v1", profileRoutes);
  app.route("/rest/v1", reviewLinkRoutes);
  app.route("/rest/v1/users", userRoutes);
  app.route("/rest/v1/sessions", sessionRoutes);
  app.route("/rest/v1/people", peopleRoutes);
  app.route("/rest/v1/projects/:projectId/documents", documentRoutes);
  app.route("/rest/v1/signature-requests", submissionRoutes);
  app.route("/rest/v1/projects/:projectId/schedule", scheduleRoutes);
  app.route("/rest/v1/projects/:projectId/shots", shotRoutes);
  app.route("/rest/v1/projects/:projectId/safety", projectSafetyRoutes);
  app.route("/rest/v1/safety", safetyRoutes);
  app.route("/rest/v1/projects/:projectId/daily-reports", dailyReportRoutes);
  app.route("/rest/v1/today", todayRoutes);
  app.route("/rest/v1/projects/:projectId/delivery", projectDeliveryRoutes);
  app.route("/rest/v1", reviewRoutes);
  app.route("/rest/v1/projects/:projectId/insurance", projectInsuranceRoutes);
  app.route("/rest/v1/projects/:projectId/contacts", productionContactRoutes);
  app.route("/rest/v1/insurance", insuranceRoutes);
  app.route("/rest/v1/locations", locationRoutes);
  app.route("/rest/v1/hospitals", hospitalRoutes);
  app.route("/rest/v1/projects/:projectId/cuts", projectCutRoutes);
  app.route("/rest/v1/cuts", cutRoutes);
  app.route(CUT_UPLOAD_PATH, uploadRoutes);
  app.route("/rest/v1/cut-versions", versionMediaRoutes);
  app.route("/rest/v1/projects", projectRoutes);
  app.route("/rest/v1/courses/:courseId/delivery", courseDeliveryRoutes);
  app.route("/rest/v1/courses", courseRoutes);
  app.route("/rest/v1/screenplays", screenplayRoutes);
  app.route("/rest/v1/budgets", budgetRoutes);
  app.route("/rest/v1/budget-proposals", proposalRoutes);
  app.route("/rest/v1/equipment", equipmentFairRoutes);
  app.route("/rest/v1/equipment", equipmentRoutes);
  app.route("/rest/v1/budget-accounts", accountRoutes);
  app.route("/rest/v1/budget-templates", templateRoutes);
  app.route("/rest/v1/notifications", inboxRoutes);
  app.route("/rest/v1/overview", overviewRoutes);
  app.route("/rest/v1/admin", adminRoutes);
  app.route("/rest/v1/school-settings", schoolRoutes);
  app.route("/rest/v1/sealing-certificate", sealingCertificateRoutes);
  app.route("/rest/v1/audit-log", auditRoutes);
  app.route("/rest/v1/invitations", invitationAdminRoutes);
  app.route("/rest/v1/emails", emailRoutes);
  app.route("/functions/v1", functionRoutes);

  // "/auth" itself is the sign-in page, so only the API under it is closed here.
  for (const prefix of ["/rest/*", "/functions/*", "/storage/*", "/realtime/*", `${AUTH_BASE_PATH}/*`]) {
    app.all(prefix, () => {
      throw new AppError("not_found", "There is nothing at this address.");
    });
  }

  if (opts.webDir && existsSync(path.join(opts.webDir, "index.html"))) {
    const webDir = opts.webDir;
    const htmlFor = pageHtml(webDir);
    app.use(
      "/assets/*",
      serveStatic({
        root: path.relative(process.cwd(), webDir),
        precompressed: true,
        onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    // A build's file that is not there (a tab of the previous build asking after a deploy) is a 404: answered
    // with the app's HTML, the browser would fail to run it as code and the tab could not tell it must reload.
    app.all("/assets/*", (c) => {
      c.header("Cache-Control", "no-store");
      return c.text("There is no such file in this version of The Portal.", 404);
    });
    const page = (c: Context<AppEnv>) => {
      c.header("Cache-Control", "no-cache");
      return c.html(htmlFor(c.req.path, c.req.query("tab")));
    };
    // The home page is a page of pages.ts too: answered before the static files, whose folder index would
    // send index.html as built, without the links to the home page's code.
    app.get("/", page);
    app.use(serveStatic({ root: path.relative(process.cwd(), webDir), precompressed: true }));
    // Every other path is a client-side route; the app itself shows its not-found page.
    app.get("*", page);
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
