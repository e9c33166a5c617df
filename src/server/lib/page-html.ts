import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** What the build writes beside index.html (vite.config.ts): each page's route and the code it needs. */
interface PagePreloads {
  path: string;
  files: string[];
  /** A tab's (`?tab=`) code with the page's: what a first load on that tab needs. */
  tabs?: Record<string, string[]>;
}

/** The static segments of a route, or null for a `:param`: static ones rank first, "/projects/documentary" before "/project/:id". */
const segmentsOf = (route: string) =>
  route
    .split("/")
    .filter(Boolean)
    .map((s) => (s.startsWith(":") ? null : s));

/**
 * index.html for a path of the app: for a page of web/app/pages.ts, with `modulepreload` links naming that
 * page's code (and the code of the tab in `?tab=`, when the page loads it apart), so the browser fetches it
 * while the app's own code arrives instead of once it has run. Any other path (/auth, an unknown one) gets
 * index.html as built.
 */
export function pageHtml(webDir: string): (pathname: string, tab?: string) => string {
  const index = readFileSync(path.join(webDir, "index.html"), "utf8");
  const listFile = path.join(webDir, "page-preloads.json");
  const pages = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, "utf8")) as PagePreloads[]) : [];
  if (pages.length && !index.includes("</head>"))
    throw new Error("index.html has no </head> to put the page's code links before");
  const withLinks = (files: string[]) =>
    index.replace(
      "</head>",
      `${files.map((f) => `  <link rel="modulepreload" crossorigin href="${f}">\n`).join("")}  </head>`,
    );
  const routes = pages
    .map((p) => ({
      segments: segmentsOf(p.path),
      html: withLinks(p.files),
      tabs: new Map(Object.entries(p.tabs ?? {}).map(([tab, files]) => [tab, withLinks(files)])),
    }))
    .sort((a, b) => b.segments.filter(Boolean).length - a.segments.filter(Boolean).length);
  return (pathname, tab) => {
    const parts = pathname.split("/").filter(Boolean);
    const hit = routes.find(
      (r) => r.segments.length === parts.length && r.segments.every((s, i) => s === null || s === parts[i]),
    );
    return (tab !== undefined && hit?.tabs.get(tab)) || (hit?.html ?? index);
  };
}
