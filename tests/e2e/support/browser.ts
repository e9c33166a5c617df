import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium (never a downloaded browser), with everything that phones home switched off. */
/** `extraArgs`: switches a test needs on top, such as a fake camera. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
      ...extraArgs,
    ],
  });
}
