import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SERVER_BUNDLE = "build/server/main.mjs";

/**
 * How `npm run portal` (package.json, which `npm start` runs) starts the portal: its environment (glibc's malloc
 * arenas) and Node's flags (the heap's bounds). Tests and the bench start it the same way, so what they measure is
 * what a school runs.
 */
export const PORTAL_START: { env: Record<string, string>; flags: string[] } = (() => {
  const scripts = (
    JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }
  ).scripts;
  const words = scripts.portal!.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? "")) {
    const [name, value] = words.shift()!.split("=");
    env[name!] = value!;
  }
  if (words[0] !== "node" || words.at(-1) !== SERVER_BUNDLE)
    throw new Error(`package.json's "portal" script must be \`[NAME=value …] node <flags> ${SERVER_BUNDLE}\``);
  return { env, flags: words.slice(1, -1) };
})();
export interface RunningPortal {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** Milliseconds from spawn until /healthz answered. */
  readyMs: number;
  /** Everything the server printed so far (stdout and stderr interleaved). */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface PortalOptions {
  env?: Record<string, string>;
  /** An existing DATA_DIR to start on (kept after stop); by default a fresh one that is removed. */
  dataDir?: string;
  /** A data folder (a stopped portal's) that the fresh DATA_DIR starts as a copy of. */
  from?: string;
  /** A port chosen beforehand (e.g. one an OpenID provider already lists in its redirect address); a free one by default. */
  port?: number;
  /** How long to wait for /healthz before giving up. */
  readyTimeoutMs?: number;
  /** Node's own flags for the server process, e.g. `--cpu-prof` (which Node refuses in NODE_OPTIONS). */
  nodeArgs?: string[];
}

/**
 * Starts the built portal exactly as README does (`node build/server/main.mjs`, made by `npm run build`), on a free port,
 * embedded PGlite in a fresh temporary DATA_DIR (unless `env` names a DATABASE_URL), and waits until /healthz answers.
 */
export async function startPortalProcess(opts: PortalOptions = {}): Promise<RunningPortal> {
  const port = opts.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
  if (opts.from && !opts.dataDir) cpSync(opts.from, dataDir, { recursive: true });
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  // The browser tests and the bench always run on a fresh embedded database, whatever the shell has set.
  delete env.DATABASE_URL;
  delete env.AUTH_SECRET;
  Object.assign(env, {
    ...PORTAL_START.env,
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SEED: "true",
    LOG_LEVEL: "info",
    ...opts.env,
  });

  if (!existsSync(path.join(repoRoot, SERVER_BUNDLE)))
    throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first.`);
  let log = "";
  const started = performance.now();
  const child = spawn(process.execPath, [...PORTAL_START.flags, ...(opts.nodeArgs ?? []), SERVER_BUNDLE], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async () => {
    if (!hasExited) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    }
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 200_000);
  let readyMs = 0;
  for (;;) {
    if (hasExited) {
      await stop();
      throw new Error(`The portal exited before it was ready.\n--- server output ---\n${log}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The portal did not answer /healthz within ${opts.readyTimeoutMs ?? 200_000} ms.\n--- server output ---\n${log}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return { url, port, pid: child.pid!, dataDir, child, readyMs, output: () => log, stop };
}
