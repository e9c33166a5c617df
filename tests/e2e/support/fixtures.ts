import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { launchBrowser } from "./browser.ts";
import { seededDataDir } from "./global-setup.ts";
import { startPortalProcess, type RunningPortal } from "./portal.ts";
import { startSmtpPeer, type SmtpPeer } from "../../../src/server/test/smtp-peer.ts";

/** How long a user-visible state may take to appear before a test gives up (a ceiling, never a pause). */
export const UI_TIMEOUT = 15_000;

export interface E2E {
  portal: RunningPortal;
  smtp: SmtpPeer;
  browser: Browser;
  /** A fresh browser profile (no cookies), closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

function watchPage(page: Page, log: string[]) {
  const where = () => new URL(page.url()).pathname;
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") log.push(`[${where()}] console.${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (err) => log.push(`[${where()}] page error: ${err.message}`));
}

/**
 * One portal (child process on a fresh PGlite), one SMTP peer and one Chromium per test file.
 * The returned object is filled in beforeAll; read its fields inside tests only.
 */
export function usePortal(opts: { env?: Record<string, string> } = {}): E2E {
  const contexts: BrowserContext[] = [];
  let browserLog: string[] = [];
  const e2e = {} as E2E;
  let serverOutputMark = 0;

  beforeAll(async () => {
    e2e.smtp = await startSmtpPeer();
    e2e.portal = await startPortalProcess({
      env: {
        SMTP_URL: e2e.smtp.url,
        JOB_POLL_MS: "200",
        // The suite signs in far more often than one person would; the per-e-mail limit stays at its default.
        SIGNIN_LIMIT_PER_IP: "1000",
        ...opts.env,
      },
      from: seededDataDir(opts.env ?? {}),
    });
    e2e.browser = await launchBrowser();
    e2e.newContext = async (options) => {
      const context = await e2e.browser.newContext({ baseURL: e2e.portal.url, ...options });
      context.setDefaultTimeout(UI_TIMEOUT);
      context.on("page", (page) => watchPage(page, browserLog));
      contexts.push(context);
      return context;
    };
    e2e.newPage = async (options) => (await e2e.newContext(options)).newPage();
  });

  beforeEach((ctx) => {
    serverOutputMark = e2e.portal?.output().length ?? 0;
    browserLog = [];
    ctx.onTestFailed(() => {
      const out = e2e.portal?.output() ?? "";
      console.error(
        [
          `--- server output during "${ctx.task.name}" ---`,
          out.slice(serverOutputMark).trimEnd() || "(nothing)",
          "--- browser console and page errors ---",
          browserLog.join("\n") || "(nothing)",
          "--- end ---",
        ].join("\n"),
      );
    });
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
  });

  afterAll(async () => {
    await e2e.browser?.close().catch(() => {});
    await e2e.portal?.stop();
    await e2e.smtp?.close();
  });

  return e2e;
}
