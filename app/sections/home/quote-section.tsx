import { EmailInText, PhoneInText } from "#app/components/contact-links.tsx";
import { Static } from "#app/components/static.tsx";
import type { quoteSection as quoteCopy } from "#app/content/home-page.ts";
import { LazyQuoteForm } from "#app/quote/lazy-quote-form.tsx";
import { sectionTitle } from "#app/sections/home/section-title.ts";

/** The quote form, with the phone and e-mail for those who would rather talk. */
export function QuoteSection({ quoteSection }: { quoteSection: typeof quoteCopy }) {
  return (
    <section id="quote" aria-labelledby="quote-heading" className="render-when-near py-14">
      <div className="container-page max-w-3xl">
        <Static>
          <h2 id="quote-heading" className={sectionTitle}>
            {quoteSection.title}
          </h2>
          <p className="mt-3 text-lg text-slate-700">{quoteSection.intro}</p>
          <p className="mt-2 text-slate-700">
            Prefer to talk? Call <PhoneInText /> or e-mail <EmailInText />.
          </p>
        </Static>
        <div className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <LazyQuoteForm />
        </div>
      </div>
    </section>
  );
}
