import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { button } from "#app/components/button.ts";
import { ContentIcon } from "#app/components/icons.tsx";
import type { LinkCard, MarketingSection, partners as partnersCopy } from "#app/content/home-page.ts";
import { sectionTitle } from "#app/sections/home/section-title.ts";

/** The brands and categories we are partners for. */
export function Partners({ partners }: { partners: typeof partnersCopy }) {
  return (
    <section aria-labelledby="partners-heading" className="py-12">
      <div className="container-page grid gap-8 lg:grid-cols-[2fr_3fr] lg:items-center">
        <div>
          <h2 id="partners-heading" className={sectionTitle}>
            {partners.title}
          </h2>
          <p className="mt-3 text-slate-700">{partners.intro}</p>
        </div>
        <div>
          <ul className="grid grid-cols-3 gap-3" aria-label="Partner brands">
            {partners.brands.map((brand) => (
              <li
                key={brand}
                className="rounded-md border-2 border-steel px-3 py-3 text-center text-lg font-bold text-steel sm:py-4 sm:text-xl"
              >
                {brand}
              </li>
            ))}
          </ul>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Partner categories">
            {partners.categories.map((category) => (
              <li key={category} className="rounded-full bg-mist px-4 py-1.5 font-semibold text-navy">
                {category}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** The two ways in: the products and the services. */
export function ProductsAndServices({ cards }: { cards: LinkCard[] }) {
  return (
    <section aria-label="Products and services" className="bg-paper py-12">
      <div className="container-page grid gap-6 md:grid-cols-2">
        {cards.map((card) => (
          <div key={card.to} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-2xl font-bold text-navy">{card.title}</h2>
            <p className="text-slate-700">{card.text}</p>
            <Link to={card.to} className={button({ className: "mt-auto self-start" })}>
              {card.cta}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        ))}
      </div>
    </section>
  );
}

/** What we stock and what we promise. */
export function Marketing({ marketing }: { marketing: MarketingSection }) {
  return (
    <section aria-labelledby="marketing-heading" className="render-when-near py-12">
      <div className="container-page">
        <h2 id="marketing-heading" className={sectionTitle}>
          {marketing.title}
        </h2>
        <p className="mt-3 max-w-3xl text-slate-700">{marketing.intro}</p>
        <h3 className="mt-6 text-lg font-bold text-navy">Stocked lines</h3>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {marketing.stockLines.map((line) => (
            <li key={line} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-signal" />
              {line}
            </li>
          ))}
        </ul>
        {/* Five points: one row from lg up; below that, pairs with the last one spanning both columns. */}
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {marketing.points.map((point) => (
            <li key={point.title} className="rounded-lg bg-mist p-5 sm:last:odd:col-span-2 lg:last:odd:col-span-1">
              <ContentIcon name={point.icon} className="size-7 text-steel" />
              <p className="mt-2 text-lg font-bold text-navy">{point.title}</p>
              <p className="text-slate-700">{point.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
