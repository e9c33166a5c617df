import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DB_KINDS, startTestPortal, type TestPortal } from "../test/harness.ts";
import { admission, apiLine } from "./admission.ts";

/** A handler that stays inside until the test lets it out. */
function gate() {
  const inside: string[] = [];
  const entered: string[] = [];
  const release = new Map<string, () => void>();
  const app = new Hono();
  app.onError((_err, c) => c.text("failed", 500));
  app.use(admission(2, (c) => (c.req.path.startsWith("/free") ? null : c.req.method === "POST" ? "change" : "read")));
  app.on(["GET", "POST"], "/:name", async (c) => {
    const name = c.req.param("name");
    inside.push(name);
    entered.push(name);
    await new Promise<void>((r) => release.set(name, r));
    inside.splice(inside.indexOf(name), 1);
    if (name.startsWith("fail")) throw new Error("the handler failed");
    return c.text(name);
  });
  app.get("/free/:name", (c) => c.text(c.req.param("name")));
  const settle = () => new Promise((r) => setTimeout(r, 10));
  return { app, inside, entered, release, settle };
}

describe("admission", () => {
  it("lets `limit` requests in at once and the others in the order they came", async () => {
    const g = gate();
    const answers = ["a", "b", "c", "d", "e"].map((n) => g.app.request(`/${n}`));
    await g.settle();
    expect(g.entered).toEqual(["a", "b"]);
    g.release.get("b")!();
    await g.settle();
    expect(g.entered).toEqual(["a", "b", "c"]);
    expect(g.inside).toEqual(["a", "c"]);
    for (const n of ["a", "c", "d", "e"]) {
      await g.settle();
      g.release.get(n)!();
    }
    expect(await Promise.all(answers.map(async (r) => (await r).text()))).toEqual(["a", "b", "c", "d", "e"]);
    expect(g.entered).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("lets a change in before the reads that were waiting", async () => {
    const g = gate();
    const answers = [
      g.app.request("/a"),
      g.app.request("/b"),
      g.app.request("/c"),
      g.app.request("/save1", { method: "POST" }),
      g.app.request("/d"),
      g.app.request("/save2", { method: "POST" }),
    ];
    await g.settle();
    for (const n of ["a", "b", "save1", "save2", "c", "d"]) {
      await g.settle();
      g.release.get(n)!();
    }
    await Promise.all(answers);
    expect(g.entered).toEqual(["a", "b", "save1", "save2", "c", "d"]);
  });

  it("gives a failed request's place to the next in line", async () => {
    const g = gate();
    const answers = ["fail1", "fail2", "c"].map((n) => g.app.request(`/${n}`));
    await g.settle();
    g.release.get("fail1")!();
    g.release.get("fail2")!();
    await g.settle();
    expect(g.entered).toEqual(["fail1", "fail2", "c"]);
    g.release.get("c")!();
    expect((await Promise.all(answers)).map((r) => r.status)).toEqual([500, 500, 200]);
  });

  it("lets a request it does not admit pass while the line is full", async () => {
    const g = gate();
    const held = ["a", "b", "c"].map((n) => g.app.request(`/${n}`));
    await g.settle();
    expect(await (await g.app.request("/free/x")).text()).toBe("x");
    expect(g.entered).toEqual(["a", "b"]);
    for (const n of ["a", "b", "c"]) {
      await g.settle();
      g.release.get(n)!();
    }
    await Promise.all(held);
  });
});

describe("apiLine", () => {
  const turn = async (method: string, path: string, type?: string) => {
    let taken: string | null | undefined;
    const app = new Hono();
    app.all("*", (c) => {
      taken = apiLine(c);
      return c.body(null, 204);
    });
    await app.request(path, { method, headers: type ? { "content-type": type } : {} });
    return taken;
  };

  it("lines up the API's reads and JSON changes apart, and not files, assets or the socket", async () => {
    expect(await turn("GET", "/rest/v1/projects")).toBe("read");
    expect(await turn("GET", "/auth/v1/get-session")).toBe("read");
    expect(await turn("POST", "/auth/v1/sign-in/email", "application/json")).toBe("change");
    expect(await turn("PATCH", "/rest/v1/screenplays/x", "application/json; charset=utf-8")).toBe("change");
    expect(await turn("PATCH", "/rest/v1/review/uploads/x", "application/offset+octet-stream")).toBe(null);
    expect(await turn("POST", "/rest/v1/profile/avatar", "image/png")).toBe(null);
    expect(await turn("POST", "/rest/v1/equipment/import")).toBe(null);
    expect(await turn("GET", "/assets/index.js")).toBe(null);
    expect(await turn("GET", "/realtime/v1")).toBe(null);
    expect(await turn("GET", "/storage/v1/object/avatars/x.png")).toBe(null);
  });
});

describe.each(DB_KINDS)("a portal answering one request at a time (%s)", (kind) => {
  let p: TestPortal;
  beforeAll(async () => {
    p = await startTestPortal(kind, { REQUESTS_AT_ONCE: "1" });
    await p.signInAll();
  });
  afterAll(() => p?.close());

  it("answers many at once, reads and changes, each in its turn", async () => {
    const paths = ["/projects", "/profile", "/notifications", "/equipment/categories", "/screenplays?limit=5"];
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => p.as(i % 2 ? "member" : "staff").get(paths[i % paths.length]!)),
      p.as("member").post("/notifications/read-all", {}),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...Array(20).fill(200), expect.any(Number)]);
    expect(answers.at(-1)!.status).toBeLessThan(300);
  });

  it("still refuses bad input with its message while others wait", async () => {
    const [bad, good] = await Promise.all([
      p.as("member").post("/equipment/reservations", { projectId: "nope" }),
      p.as("member").get("/projects"),
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBeTruthy();
    expect(good.status).toBe(200);
  });
});
