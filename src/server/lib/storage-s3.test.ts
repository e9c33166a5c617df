import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types: a local S3-compatible server, for tests only
import S3rver from "s3rver";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPortal, type TestPortal } from "../test/harness.ts";
import { createS3Storage } from "./storage.ts";

const BUCKET = "portal-files";
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

describe("S3-compatible storage", () => {
  let server: { close(): Promise<void> };
  let endpoint = "";

  beforeAll(async () => {
    const instance = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: await mkdtemp(path.join(os.tmpdir(), "s3rver-")), configureBuckets: [{ name: BUCKET }] });
    const address = (await instance.run()) as { port: number };
    server = instance;
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => server?.close());

  it("puts, gets and deletes signed objects", async () => {
    const store = createS3Storage({ endpoint, bucket: BUCKET, region: "us-east-1", ...KEYS });
    await store.put("documents/p/d/v.pdf", new Uint8Array([1, 2, 3]));
    expect([...(await store.get("documents/p/d/v.pdf"))!]).toEqual([1, 2, 3]);
    expect(await store.get("documents/p/d/missing.pdf")).toBeNull();
    await store.delete("documents/p/d/v.pdf");
    expect(await store.get("documents/p/d/v.pdf")).toBeNull();
    await expect(store.put("../escape", new Uint8Array([1]))).rejects.toThrow("not a valid file address");
  });

  it("refuses an unknown key rather than pretending to store", async () => {
    const store = createS3Storage({ endpoint, bucket: BUCKET, region: "us-east-1", accessKeyId: "NOBODY", secretAccessKey: "wrong" });
    await expect(store.put("documents/x/y.pdf", new Uint8Array([1]))).rejects.toThrow(/S3 PUT answered 403/);
  });

  it("keeps a portal's documents in the bucket when S3_* are set", async () => {
    let p: TestPortal | undefined;
    try {
      p = await startTestPortal("pglite", { S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey });
      const cookie = await p.signIn("student@portal.test");
      const created = await p.request("/rest/v1/projects", { method: "POST", cookie, json: { title: "Bucket Film", type: "fiction", academicYear: "2031/32" } });
      const projectId = ((await created.json()) as { id: string }).id;
      const pdf = await (await PDFDocument.create()).save();
      const up = await p.request(`/storage/v1/object/documents/${projectId}?name=plan.pdf`, { method: "POST", cookie, body: pdf as BodyInit });
      expect(up.status).toBe(201);
      const doc = (await up.json()) as { id: string; versions: { id: string; url: string }[] };
      const key = `documents/${projectId}/${doc.id}/${doc.versions[0]!.id}.pdf`;
      const inBucket = await createS3Storage({ endpoint, bucket: BUCKET, region: "us-east-1", ...KEYS }).get(key);
      expect(inBucket && Buffer.from(inBucket).equals(Buffer.from(pdf))).toBe(true);
      const down = await p.request(doc.versions[0]!.url, { cookie });
      expect(Buffer.from(await down.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    } finally {
      await p?.close();
    }
  }, 120_000);
});
