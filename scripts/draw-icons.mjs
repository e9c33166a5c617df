// Draws the installable app's PNG icons from the portal's mark (src/web/public/favicon.svg) with the Debian
// Chromium the browser tests use, so the icons follow the mark without a drawing package. Run it after changing
// the mark: `node scripts/draw-icons.mjs`; the PNGs are committed, the build only copies them.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const pub = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/web/public");
const mark = await readFile(path.join(pub, "favicon.svg"), "utf8");
// A maskable icon's outer fifth may be cut to a circle or squircle: the mark sits inside the safe zone, on the
// mark's own dark ground, with the rounded corners of the favicon squared off by the full-bleed background.
const ICONS = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "icon-maskable-512.png", size: 512, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const inner = icon.maskable ? Math.round(icon.size * 0.8) : icon.size;
    await page.setContent(
      `<html><body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;` +
        `background:${icon.maskable ? "#18181b" : "transparent"}">` +
        mark.replace("<svg ", `<svg width="${inner}" height="${inner}" `) +
        "</body></html>",
    );
    await page.screenshot({ path: path.join(pub, icon.file), omitBackground: !icon.maskable });
    await page.close();
    console.log(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
