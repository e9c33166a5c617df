import path from "node:path";
import { FileStore } from "@tus/file-store";
import type { Config } from "../../config.ts";

/** An upload left unfinished is dropped after a week (its staged pieces take disk). */
export const STAGING_DAYS = 7;

const stores = new Map<string, FileStore>();

/**
 * Where tus keeps a cut's pieces until the last one: DATA_DIR/uploads. With several instances behind a balancer
 * the folder must be shared by them (a network volume), or the balancer must keep an upload's requests on one
 * instance; an S3 staging store (@tus/s3-store) would lift that.
 */
export function stagingStore(config: Pick<Config, "DATA_DIR">): FileStore {
  const directory = path.join(config.DATA_DIR, "uploads");
  let store = stores.get(directory);
  if (!store) {
    store = new FileStore({ directory, expirationPeriodInMilliseconds: STAGING_DAYS * 24 * 3600 * 1000 });
    stores.set(directory, store);
  }
  return store;
}
