// autocannon ships no types; this covers the part of its API the bench uses.
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    /** Requests to send in all; when set, `duration` is ignored. */
    amount?: number;
    pipelining?: number;
    timeout?: number;
    /** Rewrites each request before it is sent (here: a different query string each time). */
    requests?: {
      setupRequest?: (req: { path: string; [k: string]: unknown }) => { path: string; [k: string]: unknown };
    }[];
  }
  interface Result {
    requests: Histogram & { sent: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
