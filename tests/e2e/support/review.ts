import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { CUT_UPLOAD_PATH, type CutSummary } from "../../../src/common/review.ts";
import { UI_TIMEOUT } from "./fixtures.ts";

const tusMetadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

/**
 * Uploads a file as the signed-in person of `page` through the portal's tus endpoint, in one piece: a new cut of a
 * project, or the next version of a cut. What the Post tab does, without its buttons (cut-upload tests those).
 */
export async function uploadCut(
  page: Page,
  target: { projectId: string; title: string } | { cutId: string },
  file: string,
) {
  const bytes = await readFile(file);
  const created = await page.request.post(CUT_UPLOAD_PATH, {
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": tusMetadata({ ...target, filename: path.basename(file) }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sent = await page.request.patch(new URL(created.headers()["location"]!, page.url()).pathname, {
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
    },
    data: bytes,
  });
  expect(sent.status(), await sent.text()).toBe(204);
}

/** A project's cuts, as its Post tab reads them. */
export async function cutsOf(page: Page, projectId: string): Promise<CutSummary[]> {
  const res = await page.request.get(`/rest/v1/projects/${projectId}/cuts`);
  expect(res.status()).toBe(200);
  return (await res.json()) as CutSummary[];
}

/** The cut `pick` finds, once it has `versions` versions whose web proxies are made (the worker runs ffmpeg). */
export async function cutWithProxies(
  page: Page,
  projectId: string,
  pick: (cuts: CutSummary[]) => CutSummary | undefined,
  versions = 1,
): Promise<CutSummary> {
  let found: CutSummary | undefined;
  await expect
    .poll(
      async () => {
        found = pick(await cutsOf(page, projectId));
        return found?.versions.length === versions ? found.versions.map((v) => v.proxyStatus).join(",") : "";
      },
      { timeout: UI_TIMEOUT * 4 },
    )
    .toMatch(/^ready(,ready)*$/);
  return found!;
}
