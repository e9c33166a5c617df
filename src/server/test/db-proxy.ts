import net from "node:net";
import type { AddressInfo } from "node:net";

export interface DbProxy {
  /** The database URL through the proxy. */
  url: string;
  /** A real outage: the port stops answering and every open connection is cut. */
  stop(): Promise<void>;
  /** The database is back on the same address. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of PostgreSQL, so a test can take the database away from a running portal and give it
 * back, as a server restart or a network cut would, without touching the shared PostgreSQL server.
 */
export async function startDbProxy(databaseUrl: string): Promise<DbProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on("close", () => sockets.delete(sock));
          sock.on("error", () => sock.destroy());
        }
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        port = (s.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const stop = async () => {
    const s = server;
    server = null;
    for (const sock of sockets) sock.destroy();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };
  await listen();
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return { url: url.toString(), stop, start: listen, close: stop };
}
