/**
 * The origins a browser request to this portal may carry: its configured public address and the address it
 * was reached at (directly, or through a proxy that says which scheme it terminated).
 */
export function allowedOrigins(
  publicUrl: string,
  req: { host?: string; forwardedProto?: string; own?: string },
): string[] {
  const list = [new URL(publicUrl).origin];
  if (req.own) list.push(req.own);
  if (req.host) list.push(`${req.forwardedProto ?? "http"}://${req.host}`);
  return list;
}
