import { describe, expect, it } from "vitest";
import type { CreatedReviewLinkDto } from "../../src/common/review-links.ts";
import { seriousAxe } from "./support/axe.ts";
import { UI_TIMEOUT, usePortal } from "./support/fixtures.ts";
import { cutsOf } from "./support/review.ts";
import { button, field, heading, signIn, toast, visible } from "./support/ui.ts";

describe("guest review", () => {
  const e2e = usePortal();

  it("a guest opens the link, gives a name, plays the cut, adds a note, and the producer sees it", async () => {
    const producer = await e2e.newPage();
    await signIn(producer, "student@portal.test");
    // The demo's film in post, as its Post tab lists it.
    const found = await (await producer.request.get("/rest/v1/projects?search=Red%20Line")).json();
    const [cut] = await cutsOf(producer, found.items[0].id);
    const v1 = cut!.versions.find((v) => v.number === 1)!;
    const made = await producer.request.post(`/rest/v1/cut-versions/${v1.id}/review-links`, {
      data: { label: "Composer – Ana", password: "tram-bell-7" },
    });
    expect(made.status()).toBe(201);
    const { path } = (await made.json()) as CreatedReviewLinkDto;

    const guest = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await guest.goto(path);
    await visible(heading(guest, "Review “Rough cut”, version 1"));
    expect(await seriousAxe(guest)).toEqual([]);
    await field(guest, "Your name").fill("Ana Ruiz");
    await field(guest, "Password").fill("wrong-one");
    await button(guest, "Open the cut").click();
    await visible(guest.getByText("The password is not right. Check it with the person who sent the link."));
    await field(guest, "Password").fill("tram-bell-7");
    await button(guest, "Open the cut").click();

    await visible(guest.getByRole("heading", { name: /Rough cut/, level: 1 }));
    // The seeded notes are there, the composer's own among them.
    await visible(guest.getByText("The tram bell is a lovely cue", { exact: false }));
    const video = guest.getByLabel("Rough cut, version 1");
    await visible(video);
    // Plays: the browser reads the file through the link (range requests) and time moves on.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: UI_TIMEOUT })
      .toBeGreaterThanOrEqual(1);
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: UI_TIMEOUT })
      .toBeGreaterThan(0.5);

    await guest.getByLabel("Your note").click();
    const add = guest.getByRole("button", { name: /^Add note at 01:00:0\d:\d\d$/ });
    await visible(add);
    await guest.getByLabel("Your note").fill("Hold the last shot a beat longer, for the music.");
    await add.click();
    await toast(guest, "Note added");
    const mine = guest.getByRole("listitem").filter({ hasText: "Hold the last shot a beat longer" });
    await visible(mine.getByText("Ana Ruiz"));
    await visible(mine.getByText("Guest"));
    expect(await seriousAxe(guest)).toEqual([]);
    // On a laptop the notes sit beside the player.
    await guest.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousAxe(guest)).toEqual([]);

    // The producer sees the note with the guest's name, and the link's views.
    const csv = await (await producer.request.get(`/rest/v1/cut-versions/${v1.id}/notes.csv`)).text();
    expect(csv).toContain("Ana Ruiz (guest)");
    expect(csv).toContain("Hold the last shot a beat longer, for the music.");
    const links = await (await producer.request.get(`/rest/v1/cut-versions/${v1.id}/review-links`)).json();
    expect(links[0]).toMatchObject({ label: "Composer – Ana", views: 1, lastViewerName: "Ana Ruiz" });

    // Turned off, the link says so.
    expect((await producer.request.post(`/rest/v1/review-links/${links[0].id}/revoke`)).status()).toBe(200);
    await guest.reload();
    await visible(heading(guest, "This review link is closed"));
  });
});
