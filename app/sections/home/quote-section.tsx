import { Static } from "#app/components/static.tsx";
import type { quoteSection as quoteCopy } from "#app/content/home-page.ts";
import { mailtoHref, telHref } from "#app/content/site.ts";
import { useSite } from "#app/lib/root-data.ts";
import { LazyQuoteForm } from "#app/quote/lazy-quote-form.tsx";
import { sectionTitle } from "#app/sections/home/section-title.ts";

/** The quote form, with the phone and e-mail for those who would rather talk. */
export function QuoteSection({ quoteSection }: { quoteSection: typeof quoteCopy }) {
  const site = useSite();
  return (
    <section id="quote" aria-labelledby="quote-heading" className="render-when-near py-14">
      <div className="container-page max-w-3xl">
        <Static>
          <h2 id="quote-heading" className={sectionTitle}>
            {quoteSection.title}
          </h2>
          <p className="mt-3 text-lg text-slate-700">{quoteSection.intro}</p>
          <p className="mt-2 text-slate-700">
            Prefer to talk? Call{" "}
            <a href={telHref(site)} className="font-semibold text-steel underline underline-offset-4">
              {site.phoneDisplay}
            </a>{" "}
            or e-mail{" "}
            <a
              href={mailtoHref(site)}
              className="inline-block max-w-full font-semibold wrap-anywhere text-steel underline underline-offset-4"
            >
              {site.email}
            </a>
            .
          </p>
        </Static>
        <div className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <LazyQuoteForm />
        </div>
      </div>
    </section>
  );
}
