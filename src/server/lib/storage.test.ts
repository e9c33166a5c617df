import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalStorage } from "./storage.ts";

describe("local storage", () => {
  it("lists every stored file with its size, without its half-written temporaries", async () => {
    const root = path.join(mkdtempSync(path.join(os.tmpdir(), "portal-store-")), "storage");
    const store = createLocalStorage(root);
    const all = async () => {
      const out: { key: string; size: number }[] = [];
      for await (const o of store.list()) out.push(o);
      return out.sort((a, b) => (a.key < b.key ? -1 : 1));
    };
    // A store nobody wrote into yet has no folder at all.
    expect(await all()).toEqual([]);
    await store.put("receipts/b/2.pdf", new Uint8Array(3));
    await store.put("documents/a/1.pdf", new Uint8Array(10));
    await store.put("documents/a-b/x.pdf", new Uint8Array(0));
    writeFileSync(path.join(root, "documents", "a", ".1.pdf.abc.tmp"), "partial");
    mkdirSync(path.join(root, "notes"));
    writeFileSync(path.join(root, "stray.txt"), "put here by hand");
    expect(await all()).toEqual([
      { key: "documents/a-b/x.pdf", size: 0 },
      { key: "documents/a/1.pdf", size: 10 },
      { key: "receipts/b/2.pdf", size: 3 },
      // Listed as it is: whoever reads the list decides what a key of the portal is.
      { key: "stray.txt", size: 16 },
    ]);
  });
});
