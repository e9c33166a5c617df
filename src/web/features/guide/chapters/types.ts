/**
 * A chapter is data, not markup, so that search reads exactly the words the page shows.
 * Inline text may hold **bold** and [a link](/path); nothing else is interpreted.
 */
export type Block =
  | { p: string }
  | { list: string[] }
  | { steps: string[] }
  | { note: string }
  | { table: { head: string[]; rows: string[][] } };

export interface GuideSection {
  /** The fragment id: /guide/<chapter>#<id>. */
  id: string;
  heading: string;
  blocks: Block[];
}

export interface GuideChapter {
  slug: string;
  title: string;
  /** One sentence shown in the contents and the chapter list. */
  summary: string;
  sections: GuideSection[];
}
