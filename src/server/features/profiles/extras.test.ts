import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "../../../common/profile.ts";
import { profiles } from "../../db/schema/index.ts";
import { DB_KINDS, startTestPortal, type TestPortal } from "../../test/harness.ts";
import { sniffImageType } from "./avatar.ts";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 8, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);

describe("image sniffing", () => {
  it("tells PNG, JPEG and WebP by their first bytes, and nothing else", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(WEBP)).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]))).toBeNull();
  });
});

describe.each(DB_KINDS)("profile extras on %s", (kind) => {
  let p: TestPortal;
  let student: string;
  let staff: string;
  beforeAll(async () => {
    p = await startTestPortal(kind);
    student = await p.signIn("student@portal.test");
    staff = await p.signIn("staff@portal.test");
  });
  afterAll(() => p?.close());

  const patch = (cookie: string, json: unknown) => p.request("/rest/v1/profile", { method: "PATCH", cookie, json });
  const me = async (cookie: string) => (await p.request("/rest/v1/profile", { cookie })).json();
  const upload = (cookie: string, bytes: Uint8Array<ArrayBuffer>, type = "image/png") =>
    p.request("/rest/v1/profile/avatar", { method: "POST", cookie, body: bytes, headers: { "content-type": type } });

  it("starts with empty extras, the system theme and every e-mail on", async () => {
    expect(await me(student)).toMatchObject({
      phone: null,
      programme: null,
      yearOfStudy: null,
      avatarUrl: null,
      theme: "system",
      emailOptOuts: [],
    });
  });

  it("stores phone, programme, year, theme and e-mail opt-outs, leaving fields not sent alone", async () => {
    const res = await patch(student, {
      phone: " +49 (30) 123-4567 ",
      programme: " BA Film Production ",
      yearOfStudy: 2,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      fullName: "Lena Fischer",
      phone: "+49 (30) 123-4567",
      programme: "BA Film Production",
      yearOfStudy: 2,
    });

    const theme = await (await patch(student, { theme: "dark" })).json();
    expect(theme).toMatchObject({ theme: "dark", phone: "+49 (30) 123-4567", yearOfStudy: 2 });

    // kept in the list's order, once each, whatever order they come in
    const opt = await (await patch(student, { emailOptOuts: ["equipment", "crew_added", "equipment"] })).json();
    expect(opt.emailOptOuts).toEqual(["crew_added", "equipment"]);
    expect(await me(student)).toMatchObject({
      theme: "dark",
      emailOptOuts: ["crew_added", "equipment"],
      programme: "BA Film Production",
    });
  });

  it("clears a field sent empty", async () => {
    const res = await (await patch(student, { phone: "", programme: "  ", yearOfStudy: null })).json();
    expect(res).toMatchObject({ phone: null, programme: null, yearOfStudy: null });
  });

  it("stores programme and year for staff too", async () => {
    expect(await (await patch(staff, { programme: "MA Documentary", yearOfStudy: 1 })).json()).toMatchObject({
      role: "staff",
      programme: "MA Documentary",
      yearOfStudy: 1,
    });
  });

  it.each([
    [{ phone: "call me" }, /phone number of digits/],
    [{ phone: "12" }, /phone number of digits|at least 5 digits/],
    [{ phone: "+1 " + "2".repeat(30) }, /at most 30/],
    [{ phone: 4930123 }, /must be text/],
    [{ yearOfStudy: 0 }, /from 1 to 8/],
    [{ yearOfStudy: 9 }, /from 1 to 8/],
    [{ yearOfStudy: 1.5 }, /whole number/],
    [{ programme: "x".repeat(121) }, /at most 120/],
    [{ theme: "sepia" }, /system, light, dark/],
    [{ emailOptOuts: ["spam"] }, /Unknown kind of e-mail/],
    [{ emailOptOuts: "budget" }, /must be a list/],
    [{}, /at least one field/],
  ])("refuses %j with a 400 that says why", async (json, message) => {
    const before = await me(student);
    const res = await patch(student, json);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(message);
    expect(await me(student)).toEqual(before);
  });

  it("keeps an avatar, serves it to anyone signed in, and replaces it whole", async () => {
    const res = await upload(student, PNG);
    expect(res.status).toBe(200);
    const profile = await res.json();
    expect(profile.avatarUrl).toMatch(new RegExp(`^/rest/v1/profile/avatar/${profile.id}\\?v=\\d+$`));
    const dir = path.join(p.services.config.DATA_DIR, "storage", "avatars");
    expect(readdirSync(dir)).toEqual([`${profile.id}.png`]);

    const served = await p.request(profile.avatarUrl, { cookie: staff });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await p.request(profile.avatarUrl)).status).toBe(401);

    // The header says PNG but the bytes are WebP: the bytes decide, and the old PNG goes.
    const replaced = await (await upload(student, WEBP, "image/png")).json();
    expect(replaced.avatarUrl).not.toBe(profile.avatarUrl);
    expect(readdirSync(dir)).toEqual([`${profile.id}.webp`]);
    expect((await p.request(replaced.avatarUrl, { cookie: staff })).headers.get("content-type")).toBe("image/webp");
  });

  it("refuses what is not a PNG, JPEG or WebP with 415, and more than 2 MB with 413", async () => {
    const svg = await upload(
      student,
      new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      "image/png",
    );
    expect(svg.status).toBe(415);
    expect((await svg.json()).error.message).toMatch(/PNG, JPEG or WebP/);
    const gif = await upload(student, JPEG, "image/gif");
    expect(gif.status).toBe(415);
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(JPEG);
    const large = await upload(student, big, "image/jpeg");
    expect(large.status).toBe(413);
    expect((await large.json()).error.message).toMatch(/larger than 2 MB/);
    const empty = await upload(student, new Uint8Array(0), "image/jpeg");
    expect(empty.status).toBe(400);

    // A picture of exactly 2 MB fits.
    const max = new Uint8Array(AVATAR_MAX_BYTES);
    max.set(JPEG);
    expect((await upload(staff, max, "image/jpeg")).status).toBe(200);
    // Nothing half-written is left behind.
    expect(
      readdirSync(path.join(p.services.config.DATA_DIR, "storage", "avatars")).filter((f) => f.endsWith(".tmp")),
    ).toEqual([]);
  });

  it("removes the avatar, after which it is not found", async () => {
    const { avatarUrl, id } = await me(student);
    expect(avatarUrl).not.toBeNull();
    const res = await p.request("/rest/v1/profile/avatar", { method: "DELETE", cookie: student });
    expect(res.status).toBe(200);
    expect((await res.json()).avatarUrl).toBeNull();
    expect(existsSync(path.join(p.services.config.DATA_DIR, "storage", "avatars", `${id}.webp`))).toBe(false);
    const gone = await p.request(`/rest/v1/profile/avatar/${id}`, { cookie: staff });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toMatch(/no picture/);
    expect((await p.request("/rest/v1/profile/avatar/..%2F..%2Fauth-secret", { cookie: staff })).status).toBe(404);
    expect((await p.request("/rest/v1/profile/avatar", { method: "DELETE", cookie: student })).status).toBe(200);
  });

  it("still serves a picture kept in the folder portals used before the file store, and moves it in", async () => {
    const { id } = await me(staff);
    const old = path.join(p.services.config.DATA_DIR, "avatars");
    mkdirSync(old, { recursive: true });
    writeFileSync(path.join(old, `${id}.png`), PNG);
    await p.services.db
      .update(profiles)
      .set({ avatarPath: `avatars/${id}.png` })
      .where(eq(profiles.id, id));
    const served = await p.request(`/rest/v1/profile/avatar/${id}`, { cookie: student });
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect(readFileSync(path.join(p.services.config.DATA_DIR, "storage", "avatars", `${id}.png`))).toEqual(
      Buffer.from(PNG),
    );
    // Removing it removes both copies.
    expect((await p.request("/rest/v1/profile/avatar", { method: "DELETE", cookie: staff })).status).toBe(200);
    expect(existsSync(path.join(old, `${id}.png`))).toBe(false);
    expect(existsSync(path.join(p.services.config.DATA_DIR, "storage", "avatars", `${id}.png`))).toBe(false);
  });

  it("needs a session for every change", async () => {
    expect((await upload("", PNG)).status).toBe(401);
    expect((await p.request("/rest/v1/profile/avatar", { method: "DELETE" })).status).toBe(401);
  });
});
