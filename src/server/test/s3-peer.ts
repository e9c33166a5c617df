import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface S3Peer {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* settings of a portal keeping its files in `bucket` of this peer. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * s3rver in a process of its own: its ListObjectsV2 continuation tokens are DES-encrypted, which Node's
 * OpenSSL 3 offers only with the legacy provider, and that is a flag of the whole process, not of one test.
 */
const PEER = `
const fs = require("node:fs"), os = require("node:os"), path = require("node:path");
const S3rver = require("s3rver");
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory,
  configureBuckets: JSON.parse(process.env.S3_PEER_BUCKETS).map((name) => ({ name })) });
const stop = () => server.close().finally(() => { fs.rmSync(directory, { recursive: true, force: true }); process.exit(0); });
server.run().then((address) => console.log(JSON.stringify({ port: address.port })), (err) => { console.error(err); process.exit(1); });
// The test's end of stdin closes when it stops the peer or dies: either way the peer goes too.
process.stdin.on("end", stop);
process.stdin.resume();
`;

/** A real S3-compatible server (s3rver, keys S3RVER/S3RVER) holding the named empty buckets. */
export async function startS3Peer(buckets: string[]): Promise<S3Peer> {
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "-e", PEER], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_OPTIONS: "", S3_PEER_BUCKETS: JSON.stringify(buckets) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the S3 peer stopped before it listened (exit ${code})`)));
    createInterface({ input: child.stdout! }).once("line", (line) =>
      resolve((JSON.parse(line) as { port: number }).port),
    );
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const keys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    ...keys,
    env: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
    }),
    async close() {
      child.stdin!.end();
      await exited;
    },
  };
}
