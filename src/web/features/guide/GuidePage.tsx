import { ArrowLeft, ArrowRight, Search } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { Card } from "../../components/ui/Card.tsx";
import { PageHeader } from "../../components/ui/PageHeader.tsx";
import { cn } from "../../lib/cn.ts";
import { ChapterView } from "./ChapterView.tsx";
import { CHAPTERS } from "./chapters/registry.ts";
import type { GuideChapter } from "./chapters/types.ts";
import { Inline, Segments } from "./Inline.tsx";
import { queryTerms, searchGuide, termPattern, type SearchResult } from "./search.ts";

export default function GuidePage() {
  const { chapter: slug } = useParams();
  const [params, setParams] = useSearchParams();
  const query = params.get("q") ?? "";
  const highlightQuery = params.get("hl") ?? "";
  const chapterIndex = slug ? CHAPTERS.findIndex((c) => c.slug === slug) : -1;
  const chapter = CHAPTERS[chapterIndex];

  const setQuery = (q: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("hl");
        if (q) next.set("q", q);
        else next.delete("q");
        return next;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col">
      <PageHeader
        title="Users' Guide"
        description="How The Portal works, for students and staff of the school. Pick a chapter, or search the whole guide."
      />
      <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-6 lg:sticky lg:top-20 lg:self-start">
          <div role="search" className="relative">
            <label htmlFor="guide-search" className="sr-only">
              Search the guide
            </label>
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
            />
            <input
              id="guide-search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search the guide"
              autoComplete="off"
              aria-controls="guide-content"
              className="min-h-10 w-full rounded-md border border-zinc-300 bg-white pr-3 pl-9 text-base text-zinc-900 placeholder:text-zinc-500 focus-visible:border-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400"
            />
          </div>
          <Contents current={chapter} />
        </div>
        <div id="guide-content" className="min-w-0">
          {query.trim() ? (
            <Results query={query} />
          ) : chapter ? (
            <Chapter chapter={chapter} index={chapterIndex} highlightQuery={highlightQuery} />
          ) : slug ? (
            <Card>
              <h2 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">No such chapter</h2>
              <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
                The guide has no chapter called “{slug}”. Pick one from the contents, or search for what you need.
              </p>
            </Card>
          ) : (
            <Overview />
          )}
        </div>
      </div>
    </div>
  );
}

function Contents({ current }: { current?: GuideChapter }) {
  const { hash } = useLocation();
  return (
    <nav aria-label="Contents">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">Contents</h2>
      <ol className="flex flex-col gap-0.5">
        {CHAPTERS.map((c, i) => {
          const active = c.slug === current?.slug;
          return (
            <li key={c.slug}>
              <Link
                to={`/guide/${c.slug}`}
                aria-current={active && !hash ? "page" : undefined}
                className={cn(
                  "flex min-h-10 items-center gap-2 rounded-md px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-amber-500",
                  active
                    ? "bg-zinc-100 font-semibold text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50"
                    : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
                )}
              >
                <span aria-hidden className="w-5 shrink-0 text-right text-zinc-600 tabular-nums dark:text-zinc-400">
                  {i + 1}.
                </span>
                {c.title}
              </Link>
              {active && (
                <ol className="mt-0.5 mb-2 ml-7 hidden flex-col gap-0.5 border-l border-zinc-200 pl-2 lg:flex dark:border-zinc-800">
                  {c.sections.map((s) => (
                    <li key={s.id}>
                      <Link
                        to={`/guide/${c.slug}#${s.id}`}
                        aria-current={hash === `#${s.id}` ? "location" : undefined}
                        className="block rounded px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-amber-500 aria-[current]:font-medium aria-[current]:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100 dark:aria-[current]:text-zinc-50"
                      >
                        {s.heading}
                      </Link>
                    </li>
                  ))}
                </ol>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function Overview() {
  return (
    <section aria-labelledby="guide-chapters" className="flex flex-col gap-4">
      <h2 id="guide-chapters" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Chapters
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">
        Start with the first chapter if you are new: it covers your account and signing in. Each area of the portal has
        its own chapter after that. Every chapter stands on its own, so you can also jump straight to the one you need.
      </p>
      <ol className="grid gap-3 sm:grid-cols-2">
        {CHAPTERS.map((c, i) => (
          <li key={c.slug} className="flex">
            <Link
              to={`/guide/${c.slug}`}
              className="group flex w-full flex-col gap-1 rounded-lg border border-zinc-200 bg-white p-4 shadow-sm hover:border-zinc-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600"
            >
              <span className="text-xs font-medium tracking-wide text-amber-800 uppercase dark:text-amber-400">
                Chapter {i + 1}
              </span>
              <span className="font-medium text-zinc-900 group-hover:underline dark:text-zinc-50">{c.title}</span>
              <span className="text-sm text-zinc-600 dark:text-zinc-400">{c.summary}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Chapter({ chapter, index, highlightQuery }: { chapter: GuideChapter; index: number; highlightQuery: string }) {
  const { hash } = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const pattern = useMemo(() => termPattern(queryTerms(highlightQuery)), [highlightQuery]);

  // A client-side route change neither scrolls to a #section nor moves focus; do both, so that
  // keyboard and screen-reader users land where the link pointed.
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    } else if (!firstRender.current) {
      window.scrollTo({ top: 0 });
      headingRef.current?.focus({ preventScroll: true });
    }
    firstRender.current = false;
  }, [chapter.slug, hash]);

  const prev = CHAPTERS[index - 1];
  const next = CHAPTERS[index + 1];
  return (
    <div className="flex flex-col gap-10">
      {pattern && (
        <p className="-mb-6 flex flex-wrap items-center gap-x-3 text-sm text-zinc-600 dark:text-zinc-400">
          <span>Search words are marked in this chapter.</span>
          <Link
            to={`/guide/${chapter.slug}${hash}`}
            replace
            className="font-medium text-zinc-800 underline underline-offset-2 hover:text-zinc-950 dark:text-zinc-200 dark:hover:text-zinc-50"
          >
            Clear the marks
          </Link>
        </p>
      )}
      <ChapterView chapter={chapter} number={index + 1} pattern={pattern} headingRef={headingRef} />
      {(prev || next) && (
        <nav
          aria-label="Chapters"
          className="flex flex-col gap-3 border-t border-zinc-200 pt-6 sm:flex-row sm:justify-between dark:border-zinc-800"
        >
          {prev ? (
            <Link
              to={`/guide/${prev.slug}`}
              className="flex items-center gap-2 text-sm font-medium text-zinc-700 hover:text-zinc-950 hover:underline dark:text-zinc-300 dark:hover:text-zinc-50"
            >
              <ArrowLeft aria-hidden className="size-4" />
              <span>
                <span className="sr-only">Previous chapter: </span>
                {prev.title}
              </span>
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link
              to={`/guide/${next.slug}`}
              className="flex items-center gap-2 text-sm font-medium text-zinc-700 hover:text-zinc-950 hover:underline sm:justify-end dark:text-zinc-300 dark:hover:text-zinc-50"
            >
              <span>
                <span className="sr-only">Next chapter: </span>
                {next.title}
              </span>
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

const RESULTS_SHOWN = 20;

function Results({ query }: { query: string }) {
  const results = useMemo(() => searchGuide(CHAPTERS, query), [query]);
  const shown: SearchResult[] = results.slice(0, RESULTS_SHOWN);
  const terms = queryTerms(query);
  const pattern = termPattern(terms);
  return (
    <section aria-labelledby="guide-results" className="flex flex-col gap-4">
      <h2 id="guide-results" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Search results
      </h2>
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        {results.length === 0
          ? `Nothing in the guide matches “${query.trim()}”. Try fewer or different words.`
          : results.length === 1
            ? `1 section matches “${query.trim()}”.`
            : `${results.length} sections match “${query.trim()}”${results.length > RESULTS_SHOWN ? `; the best ${RESULTS_SHOWN} are shown` : ""}.`}
      </p>
      {shown.length > 0 && (
        <ol className="flex flex-col gap-3">
          {shown.map(({ chapter, chapterNumber, section, snippet }) => (
            <li key={`${chapter.slug}#${section.id}`}>
              <Link
                to={`/guide/${chapter.slug}?hl=${encodeURIComponent(terms.join(" "))}#${section.id}`}
                className="group block rounded-lg border border-zinc-200 bg-white p-4 shadow-sm hover:border-zinc-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600"
              >
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                  Chapter {chapterNumber} · {chapter.title}
                </span>
                <span className="mt-0.5 block font-medium text-zinc-900 group-hover:underline dark:text-zinc-50">
                  <Inline text={section.heading} pattern={pattern} />
                </span>
                <span className="mt-1 block text-sm text-zinc-700 dark:text-zinc-300">
                  <Segments segments={snippet} />
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
