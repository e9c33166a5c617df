import type { Locator } from "playwright-core";
import { expect } from "vitest";
import type { SmtpPeer } from "../../../src/server/test/smtp-peer.ts";
import { UI_TIMEOUT } from "./fixtures.ts";

/** The newest signing link the SMTP peer received for this address. */
export async function signingLinkFrom(smtp: SmtpPeer, address: string): Promise<string> {
  let url = "";
  await expect
    .poll(
      () => {
        const text = smtp.to(address).at(-1)?.text ?? "";
        url = text.match(/https?:\/\/\S+\/signature\/\S+\?token=[A-Za-z0-9_-]+/)?.[0] ?? "";
        return url;
      },
      { timeout: UI_TIMEOUT },
    )
    .not.toBe("");
  return url;
}

/** A few strokes across a signature pad, as a finger would draw them. */
export async function drawSignature(pad: Locator) {
  const page = pad.page();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.2, 0.3],
    [0.35, 0.75],
    [0.5, 0.25],
    [0.65, 0.7],
    [0.8, 0.35],
  ] as const) {
    await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy, { steps: 6 });
  }
  await page.mouse.up();
}
