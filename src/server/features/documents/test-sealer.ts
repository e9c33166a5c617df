import { readP12, generateP12 } from "./sealing-certificate.ts";
import type { PdfSigner } from "./pades.ts";

let kept: (PdfSigner & { fingerprint: string }) | undefined;

/** For tests of sealing alone: a generated certificate, made once per test file. */
export function testSealer(): PdfSigner & { fingerprint: string } {
  if (!kept) {
    const p12 = generateP12("Test School", "test");
    kept = {
      p12,
      password: "test",
      fingerprint: readP12(p12, "test").fingerprint,
      name: "Test School",
      reason: "Test",
      location: "localhost",
    };
  }
  return kept;
}
