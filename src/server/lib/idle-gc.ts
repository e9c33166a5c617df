import v8 from "node:v8";
import vm from "node:vm";

/**
 * V8 collects garbage when a program allocates, so a portal that goes quiet after a busy spell keeps the last
 * spell's garbage (answers let go by the caches, buffers of finished requests) until the next request: 30 s after
 * a school's peak that was 30–40 MB of resident memory held for nothing. After QUIET_MS without a request that
 * followed some, one full collection is asked for; a quiet portal is not collected again until it has worked.
 */
export const QUIET_MS = 10_000;

/** V8's `gc()`, which Node exposes only to a process started with `--expose-gc`. */
export function exposedGc(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

export function collectWhenQuiet(
  server: { on(event: "request", listener: () => void): unknown },
  collect: () => void = exposedGc(),
): () => void {
  let requests = 0;
  let seen = 0;
  let collectedAt = 0;
  server.on("request", () => requests++);
  const timer = setInterval(() => {
    if (requests === seen && requests !== collectedAt) {
      collectedAt = requests;
      collect();
    }
    seen = requests;
  }, QUIET_MS);
  timer.unref();
  return () => clearInterval(timer);
}
