import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";

// Debian's HAProxy in front of portal instances, as README's "Several instances behind a load balancer" shows it:
// used by the scale-out test and by the bench's peak through the balancer.

/** Debian puts haproxy in /usr/sbin, which is not on every user's PATH. */
function haproxyBinary(): string {
  if (process.env.HAPROXY_PATH) return process.env.HAPROXY_PATH;
  const found = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  if (existsSync("/usr/sbin/haproxy")) return "/usr/sbin/haproxy";
  throw new Error("haproxy is missing: run `bash scripts/ensure-debian-tools.sh` (npm test does it first).");
}

/**
 * What README asks of every instance behind the balancer: one database, one secret, the balancer's address as the
 * public one, the client address taken from the balancer. Uploaded files go to one shared folder (a school would use
 * S3_* or a shared volume).
 */
export function instanceEnv(databaseUrl: string, publicUrl: string, dataDir: string) {
  return {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    TRUST_PROXY: "true",
  };
}

/** The configuration README shows, on the ports of this run. */
export function haproxyConfig(port: number, backends: { name: string; port: number }[]): string {
  return `global
  maxconn 512

defaults
  mode http
  option forwardfor
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  # An open WebSocket is quiet between the portal's 30 s heartbeats; the tunnel timeout must be longer.
  timeout tunnel 1h
  timeout check 5s

frontend portal
  bind 127.0.0.1:${port}
  default_backend portals

backend portals
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  http-response set-header X-Served-By %s
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check inter 2s`).join("\n")}
`;
}

export interface Balancer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startHaproxy(
  port: number,
  backends: { name: string; port: number }[],
  dir: string,
): Promise<Balancer> {
  const file = path.join(dir, "haproxy.cfg");
  writeFileSync(file, haproxyConfig(port, backends));
  let log = "";
  // -db: in the foreground, so the test owns the process and stopping it stops the balancer.
  const child: ChildProcess = spawn(haproxyBinary(), ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  let exited = false;
  const gone = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  child.once("error", (err) => (log += `\n${err.message}`));
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => log,
    async stop() {
      if (exited) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await gone;
      clearTimeout(killer);
    },
  };
}
