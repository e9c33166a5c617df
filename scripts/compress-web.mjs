// Writes .br and .gz beside every text file of the built web app, once at build time, so the server sends
// them compressed (serveStatic's `precompressed`) without compressing on every request. Lighthouse counted
// ~400 kB of uncompressed JavaScript and CSS on the first load of /production-overview.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = await readFile(file);
  if (bytes.length < 1024) continue; // headers would eat the gain
  await writeFile(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  );
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}
