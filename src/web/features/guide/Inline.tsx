import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { highlight, INLINE, type Segment } from "./search.ts";

/** Text pieces with the search hits marked. */
export function Segments({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.hit ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-zinc-950 dark:bg-amber-500/40 dark:text-zinc-50">
            {s.text}
          </mark>
        ) : (
          <Fragment key={i}>{s.text}</Fragment>
        ),
      )}
    </>
  );
}

const Marked = ({ text, pattern }: { text: string; pattern: RegExp | null }) => (
  <Segments segments={highlight(text, pattern)} />
);

const linkClass =
  "font-medium text-amber-800 underline underline-offset-2 hover:text-amber-950 dark:text-amber-300 dark:hover:text-amber-200";

/** Renders the guide's inline markup (**bold**, [label](/path)), marking the search terms in it. */
export function Inline({ text, pattern = null }: { text: string; pattern?: RegExp | null }) {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(<Marked key={`t${last}`} text={text.slice(last, m.index)} pattern={pattern} />);
    const [, bold, label, href] = m;
    if (bold !== undefined) {
      out.push(
        <strong key={`b${m.index}`} className="font-semibold text-zinc-900 dark:text-zinc-50">
          <Marked text={bold} pattern={pattern} />
        </strong>,
      );
    } else if (label !== undefined && href !== undefined) {
      out.push(
        href.startsWith("/") ? (
          <Link key={`l${m.index}`} to={href} className={linkClass}>
            <Marked text={label} pattern={pattern} />
          </Link>
        ) : (
          <a key={`l${m.index}`} href={href} rel="noreferrer" className={linkClass}>
            <Marked text={label} pattern={pattern} />
          </a>
        ),
      );
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(<Marked key={`t${last}`} text={text.slice(last)} pattern={pattern} />);
  return <>{out}</>;
}
