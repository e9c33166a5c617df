import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScreenplayDetail } from "../../../common/screenplay-api.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { FINAL_DRAFT_FILE } from "./fdx-fixtures.ts";
import { fdxToFountain } from "./fdx.ts";

const YEAR = "2031/32";
const MISSING = "00000000-0000-4000-8000-000000000000";
const SCENE = "INT. KITCHEN - NIGHT\n\nAnna waits.\n\nANNA\nHello?\n";

const FDX = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<FinalDraft DocumentType="Script" Template="No" Version="5">
  <Content>
    <Paragraph Number="1" Type="Scene Heading"><Text>INT. HALL - DAY</Text></Paragraph>
    <Paragraph Type="Action"><Text>Rain </Text><Text Style="Bold">hammers</Text><Text> the roof &amp; walls.</Text></Paragraph>
    <Paragraph Type="Character"><Text>MAYA</Text></Paragraph>
    <Paragraph Type="Parenthetical"><Text>(whispering)</Text></Paragraph>
    <Paragraph Type="Dialogue"><Text>Are you there?</Text></Paragraph>
    <Paragraph><DualDialogue>
      <Paragraph Type="Character"><Text>LEO</Text></Paragraph>
      <Paragraph Type="Dialogue"><Text>Yes.</Text></Paragraph>
      <Paragraph Type="Character"><Text>ROSA</Text></Paragraph>
      <Paragraph Type="Dialogue"><Text>No.</Text></Paragraph>
    </DualDialogue></Paragraph>
    <Paragraph Type="Transition"><Text>SMASH CUT</Text></Paragraph>
    <Paragraph Type="Scene Heading"><Text>Roof</Text></Paragraph>
  </Content>
  <TitlePage><Content>
    <Paragraph Alignment="Center"><Text>Rainfall</Text></Paragraph>
    <Paragraph Alignment="Center"><Text>Written by</Text></Paragraph>
    <Paragraph Alignment="Center"><Text>Maya Lind</Text></Paragraph>
  </Content></TitlePage>
</FinalDraft>`;

describe("Final Draft import", () => {
  it("turns FDX paragraphs into Fountain, dual dialogue and title page included", () => {
    expect(fdxToFountain(FDX)).toBe(
      [
        "Title: Rainfall",
        "Credit: Written by",
        "Author: Maya Lind",
        "",
        "INT. HALL - DAY #1#",
        "",
        // Final Draft's bold run stays bold.
        "Rain **hammers** the roof & walls.",
        "",
        "MAYA",
        "(whispering)",
        "Are you there?",
        "",
        "LEO",
        "Yes.",
        "",
        "ROSA ^",
        "No.",
        "",
        "> SMASH CUT",
        "",
        ".ROOF",
        "",
      ].join("\n"),
    );
    expect(() => fdxToFountain("<html></html>")).toThrow(/not a Final Draft file/);
    expect(() => fdxToFountain("<FinalDraft><Content></Content></FinalDraft>")).toThrow(/no script content/);
  });
});

describe.each(DB_KINDS)("screenplays on %s", (kind) => {
  let p: TestPortal;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let projectId = "";
  const create = async (as: string, json: Record<string, unknown>) => {
    const res = await p.as(as).post("/screenplays", json);
    expect(res.status).toBe(201);
    return res.body as ScreenplayDetail;
  };

  beforeAll(async () => {
    p = await startTestPortal(kind);
    const who = {
      admin: "admin@portal.test",
      staff: "staff@portal.test",
      lena: "student@portal.test",
      jun: "jun.park@portal.test",
      tomas: "tomas.novak@portal.test",
    };
    const signedIn = await p.signInAll(who);
    Object.assign(cookies, signedIn.cookies);
    Object.assign(ids, signedIn.ids);
    const project = await p
      .as("lena")
      .post("/projects", { title: "Salt Road", type: "fiction", academicYear: YEAR, supervisorId: ids.staff });
    projectId = project.body.id;
    await p.as("lena").post(`/projects/${projectId}/members`, { userId: ids.jun, roles: ["sound"] });
  }, 120_000);
  afterAll(() => p?.close());

  it("seeds the demo with project screenplays, coloured revisions and notes, and a private draft", async () => {
    const list = await p.as("staff").get("/screenplays?search=Weight%20of%20Water");
    expect(list.body.items[0]).toMatchObject({
      title: "The Weight of Water",
      revisionCount: 2,
      latestColour: "blue",
      openNotes: 1,
      project: { title: "The Weight of Water" },
    });
    const detail = (await p.as("staff").get(`/screenplays/${list.body.items[0].id}`)).body as ScreenplayDetail;
    expect(detail.lockedScenes).toEqual(["1", "2", "3", "4"]);
    const report = (await p.as("staff").get(`/screenplays/${detail.id}/report`)).body;
    expect(report.characters.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(["INES", "PAUL", "OPERATOR"]),
    );
    const lenas = await p.as("lena").get("/screenplays?scope=mine");
    expect(lenas.body.items.map((i: { title: string }) => i.title)).toEqual(
      expect.arrayContaining(["Small Hours", "Last Stop"]),
    );
    const lastStop = lenas.body.items.find((i: { title: string }) => i.title === "Last Stop");
    expect((await p.as("jun").get(`/screenplays/${lastStop.id}`)).status).toBe(404);
  });

  it("creates, reads and lists by scope and search, paginated", async () => {
    const mine = await create("tomas", { title: "Tomás's Private Draft", body: SCENE });
    expect(mine).toMatchObject({
      version: 1,
      canEdit: true,
      canDelete: true,
      project: null,
      revisions: [],
      owner: { id: ids.tomas },
    });
    const shared = await create("lena", { title: "Salt Road Script", projectId, body: SCENE });
    expect(shared.project).toEqual({ id: projectId, title: "Salt Road" });

    // A personal draft is private to its writer and staff; a project's script is open like the project.
    expect((await p.as("lena").get(`/screenplays/${mine.id}`)).status).toBe(404);
    expect((await p.as("staff").get(`/screenplays/${mine.id}`)).body.canEdit).toBe(true);
    const asTomas = await p.as("tomas").get(`/screenplays/${shared.id}`);
    expect(asTomas.body).toMatchObject({ canEdit: false, canComment: false, canDelete: false });
    expect((await p.as("jun").get(`/screenplays/${shared.id}`)).body).toMatchObject({
      canEdit: true,
      canDelete: false,
    });

    const lenaAll = await p.as("lena").get("/screenplays?scope=all&limit=100");
    expect(lenaAll.body.items.map((i: { id: string }) => i.id)).toContain(shared.id);
    expect(lenaAll.body.items.map((i: { id: string }) => i.id)).not.toContain(mine.id);
    const junProjects = await p.as("jun").get("/screenplays?scope=projects");
    expect(junProjects.body.items.map((i: { title: string }) => i.title)).toContain("Salt Road Script");
    const tomasProjects = await p.as("tomas").get("/screenplays?scope=projects");
    expect(tomasProjects.body.items.map((i: { id: string }) => i.id)).not.toContain(shared.id);
    const search = await p.as("tomas").get(`/screenplays?search=${encodeURIComponent("private dr")}`);
    expect(search.body).toMatchObject({ total: 1, items: [{ id: mine.id, pages: 1, canEdit: true }] });
    const paged = await p.as("staff").get("/screenplays?limit=1&offset=0");
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThanOrEqual(2);
    expect((await p.as("staff").get("/screenplays?limit=0")).status).toBe(400);
  });

  it("lists another person's autosave, rename and project title at once, as the next read after each", async () => {
    const sp = await create("lena", { title: "List Order Script", projectId, body: SCENE });
    const top = async (as: string) =>
      (await p.as(as).get(`/screenplays?projectId=${projectId}&limit=1`)).body.items[0] as Record<string, unknown>;
    // Read once, so the list is kept before the changes below.
    expect(await top("jun")).toMatchObject({ id: sp.id, pages: 1 });
    const other = await create("jun", { title: "Second Script", projectId });
    expect(await top("lena")).toMatchObject({ id: other.id, canEdit: true });
    const saved = await p
      .as("lena")
      .patch(`/screenplays/${sp.id}`, { version: sp.version, body: `${SCENE}${"\nAnna walks.\n".repeat(80)}` });
    expect(saved.status).toBe(200);
    const moved = await top("jun");
    expect(moved).toMatchObject({ id: sp.id, updatedAt: saved.body.updatedAt });
    expect(moved.pages).toBeGreaterThan(1);
    await p.as("lena").patch(`/screenplays/${sp.id}`, { version: saved.body.version, title: "Renamed Script" });
    expect(await top("jun")).toMatchObject({ title: "Renamed Script" });
    const { version } = (await p.as("lena").get(`/projects/${projectId}`)).body;
    const renamed = await p.as("lena").patch(`/projects/${projectId}`, { version, title: "Salt Road Again" });
    expect(renamed.status).toBe(200);
    expect(await top("tomas")).toMatchObject({ project: { title: "Salt Road Again" }, canEdit: false });
    await p.as("lena").patch(`/projects/${projectId}`, { version: renamed.body.version, title: "Salt Road" });
    expect((await p.as("lena").delete(`/screenplays/${sp.id}`)).status).toBe(204);
    expect(await top("jun")).toMatchObject({ id: other.id });
  });

  it("refuses bad input and unknown ids with clear messages", async () => {
    expect((await p.as("lena").post("/screenplays", { title: " " })).body.error.message).toBe(
      "title: Give the screenplay a title.",
    );
    const notMine = await p.as("tomas").post("/screenplays", { title: "X", projectId });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.message).toMatch(/crew of/);
    for (const id of ["nope", MISSING]) expect((await p.as("lena").get(`/screenplays/${id}`)).status).toBe(404);
    const big = await p.as("lena").post("/screenplays", { title: "Big", body: "x".repeat(600_001) });
    expect(big.status).toBe(400);
    expect(big.body.error.message).toMatch(/at most 600,000 characters/);
  });

  it("saves with the version and answers a stale save with 409 and the current text", async () => {
    const sp = await create("lena", { title: "Two Writers", projectId, body: SCENE });
    const first = await p.as("lena").patch(`/screenplays/${sp.id}`, { version: 1, body: `${SCENE}\nAnna sits.\n` });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    const stale = await p.as("jun").patch(`/screenplays/${sp.id}`, { version: 1, body: `${SCENE}\nJun's line.\n` });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/^Lena Fischer saved this screenplay/);
    expect(stale.body.error.details.current).toMatchObject({
      version: 2,
      body: `${SCENE}\nAnna sits.\n`,
      updatedByName: "Lena Fischer",
    });
    const retry = await p.as("jun").patch(`/screenplays/${sp.id}`, { version: 2, body: `${SCENE}\nJun's line.\n` });
    expect(retry.body).toMatchObject({ version: 3, updatedByName: "Jun Park" });
    const outsider = await p.as("tomas").patch(`/screenplays/${sp.id}`, { version: 3, body: "mine" });
    expect(outsider.status).toBe(403);
  });

  it("keeps named revisions in colour order, compares and restores them", async () => {
    let sp = await create("lena", { title: "Revisions", body: SCENE });
    const colours: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await p.as("lena").post(`/screenplays/${sp.id}/revisions`, { name: `Draft ${i + 1}` });
      expect(res.status).toBe(201);
      sp = res.body;
      colours.push(sp.revisions[0]!.colour);
      if (i === 0) {
        const edited = await p
          .as("lena")
          .patch(`/screenplays/${sp.id}`, { version: sp.version, body: SCENE.replace("Anna waits.", "Anna paces.") });
        sp = edited.body;
      }
    }
    expect(colours).toEqual([
      "white",
      "blue",
      "pink",
      "yellow",
      "green",
      "goldenrod",
      "buff",
      "salmon",
      "cherry",
      "white",
    ]);
    const first = sp.revisions.at(-1)!;
    const second = sp.revisions.at(-2)!;
    const cmp = await p.as("lena").get(`/screenplays/${sp.id}/compare?from=${first.id}&to=${second.id}`);
    expect(cmp.body).toMatchObject({ added: 1, removed: 1, from: { label: "1. Draft 1 (white)" } });
    expect(cmp.body.lines.filter((l: { kind: string }) => l.kind !== "same")).toEqual([
      { kind: "removed", text: "Anna waits.", oldLine: 3, newLine: null },
      { kind: "added", text: "Anna paces.", oldLine: null, newLine: 3 },
    ]);
    expect((await p.as("lena").get(`/screenplays/${sp.id}/compare?from=${MISSING}`)).status).toBe(404);
    const stale = await p.as("lena").post(`/screenplays/${sp.id}/revisions/${first.id}/restore`, { version: 1 });
    expect(stale.status).toBe(409);
    const restored = await p
      .as("lena")
      .post(`/screenplays/${sp.id}/revisions/${first.id}/restore`, { version: sp.version });
    expect(restored.body.body).toBe(SCENE);
    expect(restored.body.revisions).toHaveLength(10);
    const rev = await p.as("lena").get(`/screenplays/${sp.id}/revisions/${second.id}`);
    expect(rev.body.body).toContain("Anna paces.");
    expect((await p.as("lena").post(`/screenplays/${sp.id}/revisions`, { name: "" })).status).toBe(400);
  });

  it("locks scene numbers: inserts become A-scenes, removed scenes OMITTED", async () => {
    const body = "INT. ONE - DAY\n\nA.\n\nEXT. TWO - NIGHT\n\nB.\n\nINT. THREE - DAY\n\nC.\n";
    const sp = await create("lena", { title: "Locked", body });
    const locked = await p.as("lena").post(`/screenplays/${sp.id}/lock-scenes`, { version: 1 });
    expect(locked.body.lockedScenes).toEqual(["1", "2", "3"]);
    expect(locked.body.body).toContain("EXT. TWO - NIGHT #2#");
    const edited = locked.body.body
      .replace("EXT. TWO - NIGHT #2#\n\nB.\n\n", "")
      .replace("INT. THREE", "INT. NEW - DAY\n\nN.\n\nINT. THREE");
    await p.as("lena").patch(`/screenplays/${sp.id}`, { version: 2, body: edited });
    const report = await p.as("lena").get(`/screenplays/${sp.id}/report`);
    expect(report.body.scenes.map((s: { number: string; heading: string }) => `${s.number} ${s.heading}`)).toEqual([
      "1 INT. ONE - DAY",
      "1A INT. NEW - DAY",
      "2 OMITTED",
      "3 INT. THREE - DAY",
    ]);
    const empty = await create("lena", { title: "Empty" });
    expect((await p.as("lena").post(`/screenplays/${empty.id}/lock-scenes`, { version: 1 })).body.error.message).toBe(
      "The script has no scenes to number yet.",
    );
  });

  it("reports scenes, characters, locations, pages and runtime, and exports a PDF", async () => {
    const sp = await create("lena", {
      title: "Report",
      body: `${SCENE}\nEXT. GARDEN - DAY\n\nBOB\nHi.\n\nANNA\nHi, Bob.\n`,
    });
    const r = (await p.as("lena").get(`/screenplays/${sp.id}/report`)).body;
    expect(
      r.scenes.map((s: Record<string, unknown>) => [s.number, s.intExt, s.location, s.timeOfDay, s.eighths]),
    ).toEqual([
      ["1", "INT", "KITCHEN", "NIGHT", 1],
      ["2", "EXT", "GARDEN", "DAY", 1],
    ]);
    expect(r.characters).toEqual([
      { name: "ANNA", scenes: ["1", "2"], speeches: 2, dialogueLines: 2 },
      { name: "BOB", scenes: ["2"], speeches: 1, dialogueLines: 1 },
    ]);
    expect(r.locations.map((l: { location: string }) => l.location)).toEqual(["GARDEN", "KITCHEN"]);
    expect(r).toMatchObject({
      pages: 1,
      runtimeMinutes: 0 < r.lengthEighths ? Math.max(1, Math.round(r.lengthEighths / 8)) : 0,
    });
    const pdf = await p.as("lena").get(`/screenplays/${sp.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(pdf.bytes!.slice(0, 5))).toBe("%PDF-");
  });

  it("prints '*' beside what changed since the revision before, on the draft and on a revision", async () => {
    let sp = await create("lena", { title: "Marks", body: SCENE });
    const text = async (revisionId?: string) =>
      (
        await pdfText(
          (await p.as("lena").get(`/screenplays/${sp.id}/pdf${revisionId ? `?revision=${revisionId}` : ""}`)).bytes!,
        )
      ).join(" ");
    // No revision yet: nothing to compare with, no marks.
    expect(await text()).not.toContain("*");
    sp = (await p.as("lena").post(`/screenplays/${sp.id}/revisions`, { name: "White" })).body;
    sp = (
      await p
        .as("lena")
        .patch(`/screenplays/${sp.id}`, { version: sp.version, body: SCENE.replace("Hello?", "Who's there?") })
    ).body;
    const draft = await text();
    expect(draft).toContain("Who's there? *");
    expect(draft).not.toContain("Anna waits. *");
    sp = (await p.as("lena").post(`/screenplays/${sp.id}/revisions`, { name: "Blue" })).body;
    const [blue, white] = sp.revisions;
    expect(await text(blue!.id)).toContain("Who's there? *");
    expect(await text(white!.id)).not.toContain("*");
  });

  it("exports a Final Draft file that imports back as the same script, its locked numbers written in", async () => {
    let sp = await create("lena", {
      title: "Round Trip",
      body: `Title: Round Trip\n\n${SCENE}\nEXT. GARDEN - DAY\n\nRain.\n`,
    });
    sp = (await p.as("lena").post(`/screenplays/${sp.id}/lock-scenes`, { version: sp.version })).body;
    const fdx = await p.as("lena").get(`/screenplays/${sp.id}/fdx`);
    expect(fdx.status).toBe(200);
    expect(fdx.headers.get("content-disposition")).toContain('filename="Round-Trip.fdx"');
    const xml = new TextDecoder().decode(fdx.bytes!);
    expect(xml).toContain('<Paragraph Type="Scene Heading" Number="2"><Text>EXT. GARDEN - DAY</Text></Paragraph>');
    const back = await p.as("lena").post(`/screenplays/import?fileName=round-trip.fdx`, undefined, { body: xml });
    expect(back.status).toBe(201);
    expect(back.body.body).toContain("EXT. GARDEN - DAY #2#");
    expect(back.body.body).toContain("ANNA\nHello?");
    expect((await p.as("tomas").get(`/screenplays/${sp.id}/fdx`)).status).toBe(404);
  });

  it("imports a Final Draft file written in a revision as that revision, the next one taking the colour after it", async () => {
    const xml = FDX.replace("<Text>Are you there?</Text>", '<Text RevisionID="2">Are you there?</Text>').replace(
      "</FinalDraft>",
      '<Revisions ActiveSet="2"><Revision ID="1" Name="Blue Rev." Mark="*"/><Revision ID="2" Name="Pink Rev." Mark="*"/></Revisions></FinalDraft>',
    );
    const imported = await p.as("lena").post(`/screenplays/import?fileName=rainfall.fdx`, undefined, { body: xml });
    expect(imported.status).toBe(201);
    const sp = imported.body as ScreenplayDetail;
    expect(sp.revisions.map((r) => [r.number, r.name, r.colour])).toEqual([[1, "Pink Rev.", "pink"]]);
    const next = await p.as("lena").post(`/screenplays/${sp.id}/revisions`, { name: "Table read" });
    expect(next.status).toBe(201);
    expect((next.body as ScreenplayDetail).revisions[0]).toMatchObject({ number: 2, colour: "yellow" });
  });

  it("prints '*' beside the lines an imported Final Draft file marks as written in its revision", async () => {
    const imported = await p
      .as("lena")
      .post(`/screenplays/import?fileName=tide-water.fdx`, undefined, { body: FINAL_DRAFT_FILE });
    expect(imported.status).toBe(201);
    let sp = imported.body as ScreenplayDetail;
    const [pink] = sp.revisions;
    expect(pink).toMatchObject({ number: 1, colour: "pink" });
    const text = async (revisionId?: string) =>
      (
        await pdfText(
          (await p.as("lena").get(`/screenplays/${sp.id}/pdf${revisionId ? `?revision=${revisionId}` : ""}`)).bytes!,
        )
      ).join(" ");
    const pinkPages = await text(pink!.id);
    // The Pink set's action is marked; the Blue set's line is not, as the file shows the active set's marks.
    expect(pinkPages).toContain("The gulls scatter. *");
    expect(pinkPages).toContain("Wait for me!");
    expect(pinkPages.match(/ \*/g)).toHaveLength(1);
    // The draft as imported is that revision unchanged: nothing is revised since.
    expect(await text()).not.toContain(" *");
    // Exported as Final Draft, the revision is a revision set again, and imports back with its marks.
    const fdx = new TextDecoder().decode(
      (await p.as("lena").get(`/screenplays/${sp.id}/fdx?revision=${pink!.id}`)).bytes!,
    );
    expect(fdx).toContain('<Text RevisionID="2">The gulls scatter.</Text>');
    const again = (await p.as("lena").post(`/screenplays/import?fileName=again.fdx`, undefined, { body: fdx }))
      .body as ScreenplayDetail;
    expect(again.revisions.map((r) => [r.name, r.colour])).toEqual([["Pink Rev.", "pink"]]);
    const againPages = (
      await pdfText((await p.as("lena").get(`/screenplays/${again.id}/pdf?revision=${again.revisions[0]!.id}`)).bytes!)
    ).join(" ");
    expect(againPages).toContain("The gulls scatter. *");
    expect(againPages.match(/ \*/g)).toHaveLength(1);
    sp = (
      await p.as("lena").patch(`/screenplays/${sp.id}`, {
        version: sp.version,
        body: sp.body.replace("Wait for me!", "Wait, please!"),
      })
    ).body;
    sp = (await p.as("lena").post(`/screenplays/${sp.id}/revisions`, { name: "Yellow" })).body;
    const yellowPages = await text(sp.revisions[0]!.id);
    expect(yellowPages).toContain("Wait, please! *");
    expect(yellowPages).not.toContain("The gulls scatter. *");
  });

  it("imports Fountain and Final Draft files with clear errors for bad ones", async () => {
    const imp = (name: string, body: BodyInit, as = "lena") =>
      p.as(as).post(`/screenplays/import?fileName=${encodeURIComponent(name)}`, undefined, { body: body });
    const fountain = await imp("night-bus.fountain", "Title: Night Bus\n\nINT. BUS - NIGHT\n\nEmpty seats.\n");
    expect(fountain.status).toBe(201);
    expect(fountain.body).toMatchObject({ title: "Night Bus", owner: { id: ids.lena } });
    const fdx = await imp("rainfall.fdx", FDX);
    expect(fdx.body.title).toBe("Rainfall");
    expect(fdx.body.body).toContain("ROSA ^");
    expect((await imp("script.pdf", "%PDF-1.4")).status).toBe(415);
    const large = await imp("huge.txt", "a".repeat(901 * 1024));
    expect(large.status).toBe(413);
    expect(large.body.error.message).toMatch(/larger than 900 KB/);
    expect((await imp("empty.fountain", "")).body.error.message).toBe("The file is empty.");
    expect((await imp("latin1.txt", new Uint8Array([0x49, 0x4e, 0x54, 0xe9, 0xff]))).body.error.message).toMatch(
      /not UTF-8/,
    );
    expect((await imp("fake.fdx", "<html/>")).status).toBe(400);
  });

  it("saves, imports and prints a sung line after a cue and a script in another alphabet as typed", async () => {
    const sung = "INT. STAGE - NIGHT\n\nJOHN\n~La la la\n~Tra la la\n";
    const other = "INT. КУХНЯ - НОЧЬ\n\nАнна входит в комнату.\nОна садится.\n\n@黒澤\nこんにちは。\n";
    const sp = await create("lena", { title: "Songs", body: SCENE });
    const saved = await p.as("lena").patch(`/screenplays/${sp.id}`, { version: 1, body: sung });
    expect(saved.status).toBe(200);
    expect(saved.body.body).toBe(sung);
    expect((await p.as("lena").get(`/screenplays/${sp.id}`)).body.body).toBe(sung);
    expect((await p.as("lena").get(`/screenplays/${sp.id}/pdf`)).status).toBe(200);
    const imported = await p.as("lena").post(`/screenplays/import?fileName=songs.fountain`, undefined, { body: sung });
    expect(imported.status).toBe(201);
    expect(imported.body.body).toBe(sung);
    const foreign = await p.as("lena").patch(`/screenplays/${sp.id}`, { version: 2, body: other });
    expect(foreign.status).toBe(200);
    const report = (await p.as("lena").get(`/screenplays/${sp.id}/report`)).body;
    expect(report.characters.map((c: { name: string }) => c.name)).toEqual(["黒澤"]);
  });

  it("lets crew and the supervisor comment on a line and the writer resolve it", async () => {
    const sp = await create("lena", { title: "Notes", projectId, body: SCENE });
    const note = await p.as("staff").post(`/screenplays/${sp.id}/notes`, { line: 2, body: "Make the wait longer." });
    expect(note.status).toBe(201);
    expect(note.body.notes).toEqual([
      expect.objectContaining({
        line: 2,
        quote: "Anna waits.",
        sceneNumber: "1",
        authorName: "Daniel Reyes",
        resolved: false,
      }),
    ]);
    expect((await p.as("tomas").post(`/screenplays/${sp.id}/notes`, { line: 2, body: "Hi" })).status).toBe(403);
    expect((await p.as("jun").post(`/screenplays/${sp.id}/notes`, { line: 999, body: "Hi" })).status).toBe(400);
    const noteId = note.body.notes[0].id;
    expect((await p.as("tomas").patch(`/screenplays/${sp.id}/notes/${noteId}`, { resolved: true })).status).toBe(403);
    const resolved = await p.as("lena").patch(`/screenplays/${sp.id}/notes/${noteId}`, { resolved: true });
    expect(resolved.body.notes[0]).toMatchObject({ resolved: true, resolvedByName: "Lena Fischer" });
    const list = await p.as("lena").get(`/screenplays?search=Notes`);
    expect(list.body.items[0].openNotes).toBe(0);
  });

  it("answers each reader with their own rights, and the next read after a change with the change", async () => {
    const sp = await create("lena", { title: "Shared read", projectId, body: SCENE });
    const read = async (as: string) => (await p.as(as).get(`/screenplays/${sp.id}`)).body as ScreenplayDetail;
    // Read by all first, so that what follows is answered after the first reads were kept.
    expect(
      [await read("lena"), await read("jun"), await read("tomas"), await read("staff")].map((d) => [
        d.canEdit,
        d.canComment,
        d.canDelete,
      ]),
    ).toEqual([
      [true, true, true],
      [true, true, false],
      [false, false, false],
      [true, true, false],
    ]);
    const saved = await p
      .as("lena")
      .patch(`/screenplays/${sp.id}`, { version: sp.version, body: `${SCENE}\nA knock.\n` });
    expect(saved.status).toBe(200);
    expect((await read("jun")).body).toBe(`${SCENE}\nA knock.\n`);
    // Leaving the crew takes the right to edit at once, and joining it again gives it back.
    expect((await p.as("lena").delete(`/projects/${projectId}/members/${ids.jun}`)).status).toBe(200);
    expect((await read("jun")).canEdit).toBe(false);
    await p.as("lena").post(`/projects/${projectId}/members`, { userId: ids.jun, roles: ["sound"] });
    expect((await read("jun")).canEdit).toBe(true);
    // A private draft stays private for every reader, whatever was kept for its writer.
    const mine = await create("lena", { title: "Private", body: SCENE });
    expect((await read("lena")).canEdit).toBe(true);
    expect((await p.as("lena").get(`/screenplays/${mine.id}`)).status).toBe(200);
    expect((await p.as("jun").get(`/screenplays/${mine.id}`)).status).toBe(404);
    expect((await p.as("staff").get(`/screenplays/${mine.id}`)).status).toBe(200);
  });

  it("lets only the writer or an admin delete", async () => {
    const sp = await create("lena", { title: "Doomed", projectId });
    expect((await p.as("jun").delete(`/screenplays/${sp.id}`)).status).toBe(403);
    expect((await p.as("admin").delete(`/screenplays/${sp.id}`)).status).toBe(204);
    expect((await p.as("lena").get(`/screenplays/${sp.id}`)).status).toBe(404);
  });
});
