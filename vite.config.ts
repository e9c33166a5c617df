import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import { PAGES, QUERY_MODULE, SHELL_MODULE } from "./src/web/app/pages.ts";
import { PageSkeleton } from "./src/web/components/PageSkeleton.tsx";

const api = process.env.PORTAL_API ?? "http://localhost:3000";

/**
 * The loading skeleton (the portal's name and grey blocks) drawn into index.html, so that a slow phone paints
 * it as soon as the page and its styles arrive instead of after the app's code has run; React's first render
 * replaces it. Made from the component itself, so the two cannot drift apart.
 */
function skeletonInHtml(): Plugin {
  const root = '<div id="root"></div>';
  return {
    name: "portal-skeleton-in-html",
    transformIndexHtml(html) {
      if (!html.includes(root)) throw new Error(`index.html lost its ${root}`);
      return html.replace(root, `<div id="root">${renderToStaticMarkup(createElement(PageSkeleton))}</div>`);
    },
  };
}

type Node = { type: string; start: number; [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && typeof (v as Node).type === "string";

/**
 * src/common's modules are shared with the server, and beside the helpers and constants the web imports they build
 * the server's zod schemas when they load: on a project page that was zod itself and some sixty schemas, built on a
 * phone before the page could draw, and read by nothing there. What a common module computes as it loads is a
 * value (a schema, a map, a list), never an effect, so every call in its top-level constants is marked pure and the
 * build leaves out the ones nothing on the page reads. Functions' bodies are left alone: they run when called.
 */
function pureCommonConstants(): Plugin {
  const common = fileURLToPath(new URL("src/common/", import.meta.url));
  return {
    name: "portal-pure-common-constants",
    apply: "build",
    enforce: "post",
    transform(code, id) {
      if (!id.startsWith(common) || id.includes(".test.")) return null;
      const at = new Set<number>();
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!isNode(node)) return;
        if (/Function|Class/.test(node.type)) return;
        if (node.type === "CallExpression" || node.type === "NewExpression") at.add(node.start);
        for (const [key, value] of Object.entries(node)) if (key !== "type") visit(value);
      };
      for (const statement of (this.parse(code) as unknown as { body: Node[] }).body) {
        const declaration =
          statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : statement;
        if (declaration?.type === "VariableDeclaration") visit(declaration.declarations);
      }
      if (at.size === 0) return null;
      let out = "";
      let last = 0;
      for (const start of [...at].sort((a, b) => a - b)) {
        out += `${code.slice(last, start)}/* @__PURE__ */ `;
        last = start;
      }
      return { code: out + code.slice(last), map: null };
    },
  };
}

/**
 * For each page of pages.ts, the code it needs beyond the app's first load (its chunk, the Shell's when it is
 * framed, the query layer's, and what they import; and the same with each of its lazy tabs' code), written to page-preloads.json. The server names those files in that page's
 * HTML, so a phone fetches them alongside the app's code instead of after it has run (one round trip and the
 * app's start-up less before the page can draw).
 */
function pagePreloads(): Plugin {
  const webRoot = fileURLToPath(new URL("src/web", import.meta.url));
  return {
    name: "portal-page-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (chunk: Rolldown.OutputChunk, seen = new Set<string>()) => {
        if (seen.has(chunk.fileName)) return seen;
        seen.add(chunk.fileName);
        for (const file of chunk.imports) closure(byFile.get(file)!, seen);
        return seen;
      };
      // A page's chunk is its own, or (when another page imports it too) a shared chunk the router's import
      // points at; copies of inlined modules elsewhere are never a dynamic import's target.
      const importTargets = new Set(chunks.flatMap((c) => c.dynamicImports));
      const chunkOf = (module: string) => {
        const id = path.join(webRoot, module);
        const found = chunks.filter(
          (c) => c.facadeModuleId === id || (importTargets.has(c.fileName) && c.moduleIds.includes(id)),
        );
        if (found.length !== 1) throw new Error(`${module} (pages.ts) is in ${found.length} loadable chunks, not one`);
        return found[0]!;
      };
      const firstLoad = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...closure(c)]));
      const shell = closure(chunkOf(SHELL_MODULE));
      const queries = closure(chunkOf(QUERY_MODULE));
      const pages = PAGES.map((p) => {
        const files = new Set([...queries, ...(p.frame === "none" ? [] : shell), ...closure(chunkOf(p.module))]);
        const listed = (set: Set<string>) => [...set].filter((f) => !firstLoad.has(f)).map((f) => `/${f}`);
        // A tab loaded when opened: on a first load with it in the address, its code comes with the page's.
        const tabs = Object.fromEntries(
          Object.entries(p.tabs ?? {}).map(([tab, module]) => [
            tab,
            listed(new Set([...files, ...closure(chunkOf(module))])),
          ]),
        );
        return { path: p.path, files: listed(files), tabs };
      });
      this.emitFile({ type: "asset", fileName: "page-preloads.json", source: JSON.stringify(pages) });
    },
  };
}

/**
 * The service worker (src/web/service-worker.js), written by hand rather than through a plugin package: it keeps
 * the code of the Today page for use without signal and nothing else (see that file). Emitted at /sw.js with a
 * version made of the build's file names, so every deploy installs a new worker that drops the old code.
 */
function serviceWorker(): Plugin {
  const source = fileURLToPath(new URL("src/web/service-worker.js", import.meta.url));
  return {
    name: "portal-service-worker",
    apply: "build",
    async generateBundle(_options, bundle) {
      const { createHash } = await import("node:crypto");
      const { readFile } = await import("node:fs/promises");
      const version = createHash("sha256").update(Object.keys(bundle).sort().join("\n")).digest("hex").slice(0, 12);
      const code = (await readFile(source, "utf8")).replace("__PORTAL_BUILD__", version);
      this.emitFile({ type: "asset", fileName: "sw.js", source: code });
    },
  };
}

export default defineConfig(({ command }) => ({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), skeletonInHtml(), pagePreloads(), serviceWorker(), pureCommonConstants()],
  resolve: {
    // react-router's package names only its development build (warnings and checks for the developer); the
    // production build beside it is the same API without them, and the one a phone should run.
    alias:
      command === "build"
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(import.meta.resolve("react-router").replace("/development/", "/production/")),
            },
          ]
        : [],
  },
  build: {
    outDir: "../../dist",
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // The web imports helpers and constants from src/common, whose modules also build the server's zod
      // schemas at load: unused, and building them was a third of a page's code start on a phone. Calls on
      // zod are free of side effects, so a schema nothing on the page reads is left out.
      treeshake: { manualPureFunctions: ["z"] },
      output: {
        codeSplitting: {
          // Pages share many small modules (icons, form controls, hooks), each its own chunk by default: the
          // overview came in 19 files, a project page in 47, and a phone on 4G fetches six at a time, a
          // round trip per six. Common chunks under this size (source bytes) are copied into the chunks that
          // use them instead, with rolldown's runtime keeping one module state across the copies.
          experimentalInlineCommonChunks: { maxSize: 30_000 },
        },
      },
    },
  },
  server: {
    proxy: {
      "/auth/v1": api,
      "/rest/v1": api,
      "/functions/v1": api,
      "/storage/v1": api,
      "/realtime/v1": { target: api, ws: true },
    },
  },
}));
