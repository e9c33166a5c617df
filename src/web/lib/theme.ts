/**
 * Light or dark, decided before React renders so the first paint is already right. Loaded by
 * main.tsx on every page, /auth included, so it imports nothing (no zod, no React): the choice is
 * kept on the profile and mirrored here in localStorage for the next visit on this device.
 */
import type { Theme } from "../../common/school.ts";

const STORAGE_KEY = "portal-theme";
const media = typeof window.matchMedia === "function" ? window.matchMedia("(prefers-color-scheme: dark)") : null;
const listeners = new Set<() => void>();

function readStored(): Theme {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === "light" || v === "dark" ? v : "system";
  } catch {
    // storage can be off (private windows, strict settings): follow the system then
    return "system";
  }
}

let choice: Theme = readStored();

export type ResolvedTheme = "light" | "dark";
export const resolvedTheme = (): ResolvedTheme =>
  choice === "dark" || (choice === "system" && media?.matches) ? "dark" : "light";
export const currentTheme = (): Theme => choice;

function paint() {
  const dark = resolvedTheme() === "dark";
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  listeners.forEach((l) => l());
}

/** Applies a choice at once and remembers it on this device. */
export function setTheme(theme: Theme) {
  choice = theme;
  try {
    if (theme === "system") localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // not remembered on this device; the profile still has it
  }
  paint();
}

/** For useSyncExternalStore: told when the theme or, under "system", the system's setting changes. */
export function subscribeTheme(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

media?.addEventListener("change", () => choice === "system" && paint());
// Another tab changed it: follow, so all tabs of the portal look the same.
window.addEventListener("storage", (e) => {
  if (e.key !== STORAGE_KEY && e.key !== null) return;
  choice = readStored();
  paint();
});

paint();
