/**
 * The review tests' fixture: a project of Lena's (the matrix's "member", supervised by Daniel, "staff") with a cut
 * of two versions, each stored as an original. Made in the database, as the upload belongs to the media service.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { ProjectDetail } from "../../../common/project-api.ts";
import { cuts, cutVersions } from "../../db/schema/index.ts";
import { storageFor } from "../../lib/storage.ts";
import type { TestPortal } from "../../test/harness.ts";

export const DEMO_CUT = new Uint8Array(readFileSync(path.join(import.meta.dirname, "demo-cut.mp4")));

let n = 0;

export async function cutFixture(p: TestPortal, supervisorId: string) {
  const res = await p.as("member").post("/projects", {
    title: `Review Film ${++n} ${p.kind}`,
    type: "fiction",
    academicYear: "2035/36",
    supervisorId,
  });
  expect(res.status, res.text).toBe(201);
  const project = res.body as ProjectDetail;
  const [cut] = await p.services.db.insert(cuts).values({ projectId: project.id, title: "Rough cut" }).returning();
  const version = async (number: number) => {
    const fileKey = `cuts/${cut!.id}/v${number}/original.mp4`;
    await storageFor(p.services.config).put(fileKey, DEMO_CUT);
    const [row] = await p.services.db
      .insert(cutVersions)
      .values({
        cutId: cut!.id,
        number,
        fileKey,
        fileName: `rough-cut-v${number}.mp4`,
        fileSize: DEMO_CUT.byteLength,
        mimeType: "video/mp4",
        durationMs: 5000,
        fpsNum: 25,
        fpsDen: 1,
        startTimecode: "01:00:00:00",
        width: 640,
        height: 360,
        uploadedByName: "Lena Fischer",
      })
      .returning();
    return row!;
  };
  return { project, cut: cut!, v1: await version(1), v2: await version(2) };
}
