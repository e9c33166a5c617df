import { Info } from "lucide-react";
import type { Ref } from "react";
import type { Block, GuideChapter } from "./chapters/types.ts";
import { Inline } from "./Inline.tsx";
import { plainText } from "./search.ts";

function BlockView({ block, pattern, label }: { block: Block; pattern: RegExp | null; label: string }) {
  if ("p" in block)
    return (
      <p>
        <Inline text={block.p} pattern={pattern} />
      </p>
    );
  if ("note" in block) {
    return (
      <aside className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-zinc-800 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-zinc-200">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" />
        <p>
          <Inline text={block.note} pattern={pattern} />
        </p>
      </aside>
    );
  }
  if ("list" in block) {
    return (
      <ul className="list-disc space-y-1 pl-6">
        {block.list.map((item, i) => (
          <li key={i}>
            <Inline text={item} pattern={pattern} />
          </li>
        ))}
      </ul>
    );
  }
  if ("steps" in block) {
    return (
      <ol className="list-decimal space-y-1 pl-6">
        {block.steps.map((item, i) => (
          <li key={i}>
            <Inline text={item} pattern={pattern} />
          </li>
        ))}
      </ol>
    );
  }
  return (
    <div
      className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="w-full text-left text-sm">
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          <tr>
            {block.table.head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold text-zinc-900 dark:text-zinc-50">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {block.table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th
                    key={c}
                    scope="row"
                    className="px-3 py-2 align-top font-medium whitespace-nowrap text-zinc-900 dark:text-zinc-100"
                  >
                    <Inline text={cell} pattern={pattern} />
                  </th>
                ) : (
                  <td key={c} className="px-3 py-2 align-top">
                    <Inline text={cell} pattern={pattern} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ChapterView({
  chapter,
  number,
  pattern,
  headingRef,
}: {
  chapter: GuideChapter;
  number: number;
  pattern: RegExp | null;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <article
      aria-labelledby={`chapter-${chapter.slug}`}
      className="flex flex-col gap-8 text-zinc-700 dark:text-zinc-300"
    >
      <header>
        <p className="text-sm font-medium tracking-wide text-amber-800 uppercase dark:text-amber-400">
          Chapter {number}
        </p>
        <h2
          id={`chapter-${chapter.slug}`}
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 text-2xl font-semibold text-zinc-900 focus:outline-none dark:text-zinc-50"
        >
          {chapter.title}
        </h2>
        <p className="mt-2">{chapter.summary}</p>
      </header>
      {chapter.sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={section.id}
          className="flex scroll-mt-20 flex-col gap-3 leading-relaxed"
        >
          <h3
            id={section.id}
            tabIndex={-1}
            className="scroll-mt-20 text-lg font-semibold text-zinc-900 focus:outline-none dark:text-zinc-50"
          >
            <Inline text={section.heading} pattern={pattern} />
          </h3>
          {section.blocks.map((block, i) => (
            <BlockView key={i} block={block} pattern={pattern} label={`Table: ${plainText(section.heading)}`} />
          ))}
        </section>
      ))}
    </article>
  );
}
