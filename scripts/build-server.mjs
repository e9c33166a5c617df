// Bundles the server and the CLIs (user, backup/restore, the empty cluster) into build/server/ with esbuild, so production runs plain
// `node build/server/main.mjs`: no TypeScript loader in the process (tsx's loader thread and on-the-fly
// transforms cost ~40 MB resident; see docs/decisions/2026-11-23-server-bundle.md).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "build/server");

/**
 * Files read at run time (migrations, init-pglite.mjs, anything a feature keeps beside its code) are found
 * relative to the module that reads them. Inside one bundle every module would see the bundle's own URL, so
 * each source file's `import.meta.url` is rewritten to its original location, computed relative to the
 * bundle: the build keeps working when the whole checkout moves.
 */
const sourceLocation = {
  name: "source-location",
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.")) return { contents: source, loader: "ts" };
      const rel = JSON.stringify(path.relative(outdir, args.path).split(path.sep).join("/"));
      const url = `new URL(${rel}, import.meta.url).href`;
      const contents =
        'import { fileURLToPath as __portalPath } from "node:url";\nimport { dirname as __portalDirname } from "node:path";\n' +
        source
          .replaceAll("import.meta.url", url)
          .replaceAll("import.meta.filename", `__portalPath(${url})`)
          .replaceAll("import.meta.dirname", `__portalDirname(__portalPath(${url}))`);
      return { contents, loader: "ts" };
    });
  },
};

await build({
  absWorkingDir: root,
  entryPoints: {
    main: "src/server/main.ts",
    user: "src/server/cli/user.ts",
    backup: "src/server/cli/backup.ts",
    cluster: "src/server/cli/cluster.ts",
  },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Dependencies stay in node_modules: PGlite, for one, loads its WebAssembly and data files beside its own module.
  packages: "external",
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  plugins: [sourceLocation],
});

// Every new embedded database starts as a copy of this empty, migrated cluster (src/server/db/cluster.ts).
execFileSync(process.execPath, [path.join(outdir, "cluster.mjs")], { stdio: "inherit" });
