import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPortal, type TestPortal } from "../test/harness.ts";
import { startS3Peer, type S3Peer } from "../test/s3-peer.ts";
import { createS3Storage } from "./storage.ts";

const BUCKET = "portal-files";
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

describe("S3-compatible storage", () => {
  let peer: S3Peer;
  let endpoint = "";

  beforeAll(async () => {
    peer = await startS3Peer([BUCKET, "listing"]);
    endpoint = peer.endpoint;
  });
  afterAll(() => peer?.close());

  it("puts, gets and deletes signed objects", async () => {
    const store = createS3Storage({ endpoint, bucket: BUCKET, region: "us-east-1", ...KEYS });
    await store.put("documents/p/d/v.pdf", new Uint8Array([1, 2, 3]));
    expect([...(await store.get("documents/p/d/v.pdf"))!]).toEqual([1, 2, 3]);
    expect(await store.get("documents/p/d/missing.pdf")).toBeNull();
    await store.delete("documents/p/d/v.pdf");
    expect(await store.get("documents/p/d/v.pdf")).toBeNull();
    await expect(store.put("../escape", new Uint8Array([1]))).rejects.toThrow("not a valid file address");
  });

  it("lists every object of the bucket, page after page, with its size", async () => {
    // Pages of two, so five objects need two continuation tokens (each signed in the query string).
    const store = createS3Storage({ endpoint, bucket: "listing", region: "us-east-1", ...KEYS, listPageSize: 2 });
    const all = async () => {
      const out: { key: string; size: number }[] = [];
      for await (const o of store.list()) out.push(o);
      return out;
    };
    expect(await all()).toEqual([]);
    const put = {
      "receipts/b/2.pdf": 3,
      "documents/a/1.pdf": 10,
      "equipment/z/9.jpg": 0,
      "documents/a/2.pdf": 1,
      "receipts/a/1.txt": 7,
    };
    for (const [key, size] of Object.entries(put)) await store.put(key, new Uint8Array(size));
    expect(await all()).toEqual(
      Object.keys(put)
        .sort()
        .map((key) => ({ key, size: put[key as keyof typeof put] })),
    );
    // Stopping early stops asking for pages.
    for await (const o of store.list()) {
      expect(o.key).toBe("documents/a/1.pdf");
      break;
    }
  });

  it("refuses an unknown key rather than pretending to store", async () => {
    const store = createS3Storage({
      endpoint,
      bucket: BUCKET,
      region: "us-east-1",
      accessKeyId: "NOBODY",
      secretAccessKey: "wrong",
    });
    await expect(store.put("documents/x/y.pdf", new Uint8Array([1]))).rejects.toThrow(/S3 PUT answered 403/);
  });

  it("keeps a portal's documents in the bucket when S3_* are set", async () => {
    let p: TestPortal | undefined;
    try {
      p = await startTestPortal("pglite", peer.env(BUCKET));
      const cookie = await p.signIn("student@portal.test");
      const created = await p.request("/rest/v1/projects", {
        method: "POST",
        cookie,
        json: { title: "Bucket Film", type: "fiction", academicYear: "2031/32" },
      });
      const projectId = ((await created.json()) as { id: string }).id;
      const pdf = await (await PDFDocument.create()).save();
      const up = await p.request(`/storage/v1/object/documents/${projectId}?name=plan.pdf`, {
        method: "POST",
        cookie,
        body: pdf as BodyInit,
      });
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
