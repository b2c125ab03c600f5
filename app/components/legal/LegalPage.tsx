import { useEffect } from "react";
import { Link } from "react-router";
import { formatLongCalendarDate } from "#app/lib/format.ts";
import { headingSlug } from "#app/lib/legal/slug.ts";
import type { LegalDocument } from "#app/lib/legal/types.ts";

/**
 * The page scrolls to the anchor in the URL hash 100 ms after it renders
 * (docs/product/public-pages.md#legal-pages).
 */
export const ANCHOR_SCROLL_DELAY_MS = 100;

export function LegalPage({ doc }: { doc: LegalDocument }) {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const timer = window.setTimeout(() => {
      document.getElementById(id)?.scrollIntoView({ block: "start" });
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-semibold tracking-tight text-white sm:text-3xl">{doc.title}</h1>
      <p className="mt-1 text-sm text-slate-400">
        Last updated: <time dateTime={doc.lastUpdated}>{formatLongCalendarDate(doc.lastUpdated)}</time>
      </p>
      <p className="mt-6 leading-relaxed text-slate-300">{doc.intro}</p>

      <nav
        aria-label="Table of contents"
        className="mt-8 rounded-lg border border-white/10 bg-white/[0.03] p-4"
      >
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-300">Contents</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {doc.sections.map((s) => (
            <li key={s.heading}>
              <a
                className="text-sky-300 underline-offset-2 hover:underline"
                href={`#${headingSlug(s.heading)}`}
              >
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {doc.sections.map((section) => (
        <section key={section.heading} className="mt-10 scroll-mt-24">
          <h2 id={headingSlug(section.heading)} className="scroll-mt-24 text-xl font-semibold text-white">
            {section.heading}
          </h2>
          {section.blocks.map((block, i) =>
            typeof block === "string" ? (
              <p key={i} className="mt-3 leading-relaxed text-slate-300">
                {block}
              </p>
            ) : (
              <ul key={i} className="mt-3 list-disc space-y-2 pl-5 text-slate-300">
                {block.list.map((item) => (
                  <li key={item} className="leading-relaxed">
                    {item}
                  </li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}

      <p className="mt-12 text-sm text-slate-400">
        See also{" "}
        <Link className="text-sky-300 underline" to="/terms">
          Terms &amp; Conditions
        </Link>
        ,{" "}
        <Link className="text-sky-300 underline" to="/privacy">
          Privacy Policy
        </Link>{" "}
        and{" "}
        <Link className="text-sky-300 underline" to="/risk-disclosure">
          Risk Disclosure
        </Link>
        .
      </p>
    </article>
  );
}
