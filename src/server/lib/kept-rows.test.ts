import { describe, expect, it } from "vitest";
import { createLocalBus } from "./events.ts";
import { createKeptRows } from "./kept-rows.ts";

type Row = { id: string; n: number };

/** A table in memory whose reads are counted: what the kept rows ask of it is what is tested. */
function table(rows: Row[]) {
  const data = new Map(rows.map((r) => [r.id, { ...r }]));
  const reads = { all: 0, some: [] as string[][] };
  return {
    data,
    reads,
    loadAll: async () => {
      reads.all++;
      return [...data.values()].map((r) => ({ ...r }));
    },
    loadSome: async (ids: string[]) => {
      reads.some.push(ids);
      return ids.flatMap((id) => (data.has(id) ? [{ ...data.get(id)! }] : []));
    },
  };
}

type LoadSome = (ids: string[]) => Promise<Row[]>;

const setup = (rows: Row[], maxAgeMs = 60_000, wrap: (load: LoadSome) => LoadSome = (load) => load) => {
  const bus = createLocalBus();
  const t = table(rows);
  const kept = createKeptRows<Row>(bus, {
    loadAll: t.loadAll,
    loadSome: wrap(t.loadSome),
    touched: (e) => (e.type === "all" ? "all" : ((e.data as string[] | undefined) ?? null)),
    order: (a, b) => b.n - a.n,
    maxAgeMs,
  });
  return { bus, t, kept };
};

describe("kept rows", () => {
  it("reads the table once, then only the rows an event names, before the next reader", async () => {
    const { bus, t, kept } = setup([
      { id: "a", n: 1 },
      { id: "b", n: 2 },
    ]);
    expect((await kept.rows()).map((r) => r.id)).toEqual(["b", "a"]);
    await kept.rows();
    expect(t.reads).toEqual({ all: 1, some: [] });

    t.data.set("a", { id: "a", n: 3 });
    t.data.delete("b");
    t.data.set("c", { id: "c", n: 0 });
    await bus.publish({ type: "rows", data: ["a", "b", "c"] });
    expect((await kept.rows()).map((r) => `${r.id}${r.n}`)).toEqual(["a3", "c0"]);
    expect(t.reads).toEqual({ all: 1, some: [["a", "b", "c"]] });

    await bus.publish({ type: "other" });
    await kept.rows();
    expect(t.reads.some).toHaveLength(1);
    await bus.publish({ type: "all" });
    await kept.rows();
    expect(t.reads.all).toBe(2);
  });

  it("shares one reload between readers, and reloads again for an event that came during it", async () => {
    const { bus, t, kept } = setup([{ id: "a", n: 1 }]);
    await kept.rows();
    t.data.set("a", { id: "a", n: 2 });
    await bus.publish({ type: "rows", data: ["a"] });
    const first = kept.rows();
    // Written and announced while the reload above may already have read the old row.
    t.data.set("a", { id: "a", n: 5 });
    await bus.publish({ type: "rows", data: ["a"] });
    const [one, two] = await Promise.all([first, kept.rows()]);
    expect(one[0]!.n).toBe(5);
    expect(two[0]!.n).toBe(5);
  });

  it("keeps the marks of a failed reload for the next reader", async () => {
    let fail = false;
    const { bus, t, kept } = setup([{ id: "a", n: 1 }], 60_000, (load) => async (ids) => {
      if (fail) throw new Error("database away");
      return load(ids);
    });
    await kept.rows();
    t.data.set("a", { id: "a", n: 10 });
    fail = true;
    await bus.publish({ type: "rows", data: ["a"] });
    await expect(kept.rows()).rejects.toThrow("database away");
    fail = false;
    expect((await kept.rows())[0]!.n).toBe(10);
  });

  it("reads everything again once the rows are older than their limit", async () => {
    const { t, kept } = setup([{ id: "a", n: 1 }], 0);
    await kept.rows();
    await new Promise((r) => setTimeout(r, 5));
    await kept.rows();
    expect(t.reads.all).toBe(2);
  });
});
