// aw-parser and aw-liner (afterwriting's parser and paginator, bench-only) ship no types; this covers the
// part of their API the bench uses.
declare module "aw-parser" {
  interface Token {
    type: string;
    text: string;
  }
  const aw: {
    parser: { parse(script: string, cfg: Record<string, unknown>): { title_page: Token[]; tokens: Token[] } };
    helpers: unknown;
  };
  export default aw;
}
declare module "aw-liner" {
  const awl: {
    Liner: new (helpers: unknown) => { line(tokens: unknown[], cfg: Record<string, unknown>): { type: string }[] };
  };
  export default awl;
}
