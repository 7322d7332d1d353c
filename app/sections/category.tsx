import { ArrowLeft, Clock, FileText, Mail, Package, Phone } from "lucide-react";
import { Link } from "react-router";
import { button } from "#app/components/button.ts";
import type { Category } from "#app/content/schema.ts";
import { mailtoHref, type Site, telHref } from "#app/content/site.ts";
import { useSite } from "#app/lib/root-data.ts";
import { quoteCategoryFor, quotePrefillHref } from "#app/quote/prefill.ts";

const highlightIcons = [Clock, Phone, Package];

/** The in-page anchor of a type group, e.g. "Ball Bearings" → "ball-bearings". */
export const groupAnchor = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function quoteEmail(site: Site, categoryTitle: string) {
  return mailtoHref(site, {
    subject: `Quote request: ${categoryTitle}`,
    body: [
      "Hello,",
      "",
      `Please quote for the following ${categoryTitle} items:`,
      "",
      "Part number / description:",
      "Size or range:",
      "Quantity:",
      "Brand preference:",
      "When needed:",
      "",
      "Company:",
      "Contact name and phone:",
    ].join("\n"),
  });
}

/** The category's name, what it covers and its picture, with the way back to all products. */
export function CategoryHero({ category }: { category: Category }) {
  return (
    <div className="bg-navy text-white">
      <div className="container-page grid items-center gap-8 py-8 md:grid-cols-2 md:py-12">
        <div>
          <Link to="/products" className={button({ variant: "secondary", surface: "dark", className: "mb-6" })}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Products
          </Link>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{category.title}</h1>
          <p className="mt-4 text-lg text-slate-200">{category.intro}</p>
        </div>
        <img
          src={category.image}
          alt={category.alt}
          width={640}
          height={400}
          fetchPriority="high"
          className="aspect-[8/5] w-full rounded-lg bg-mist"
        />
      </div>
    </div>
  );
}

/** Up to three reasons to order this category from us. */
export function Highlights({ highlights }: { highlights: NonNullable<Category["highlights"]> }) {
  return (
    <ul className="container-page -mt-px grid gap-4 py-8 sm:grid-cols-3" aria-label="Why order from us">
      {highlights.map((highlight, index) => {
        const Icon = highlightIcons[index % highlightIcons.length] ?? Package;
        return (
          <li key={highlight.title} className="flex gap-4 rounded-lg bg-mist p-5">
            <Icon aria-hidden="true" className="size-8 shrink-0 text-signal" />
            <div>
              <p className="text-lg font-bold text-navy">{highlight.title}</p>
              <p className="text-slate-700">{highlight.text}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Each type group we supply, with its size range and the types within it; each group is a link target. */
export function TypeGroups({ category }: { category: Category }) {
  return (
    <section aria-labelledby="types-heading" className="bg-paper py-12">
      <div className="container-page">
        <h2 id="types-heading" className="text-2xl font-bold text-navy">
          {category.title} we supply
        </h2>
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {category.groups.map((group) => (
            <article
              key={group.name}
              id={groupAnchor(group.name)}
              className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
              data-testid="type-group"
            >
              <h3 className="text-xl font-bold text-navy">{group.name}</h3>
              {group.range ? (
                <p className="mt-2 inline-block rounded bg-mist px-2.5 py-1 text-sm font-semibold text-steel">
                  <span className="sr-only">Size range: </span>
                  {group.range}
                </p>
              ) : null}
              <p className="mt-3 text-slate-700">{group.description}</p>
              <ul className="mt-4 flex flex-wrap gap-2" aria-label={`${group.name} types`}>
                {group.applications.map((application) => (
                  <li
                    key={application}
                    className="rounded-md border border-slate-300 bg-paper px-3 py-1.5 text-sm font-medium text-slate-800"
                  >
                    {application}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

/** Call, e-mail a ready-made request, or fill in the quote form with the category chosen. */
export function CategoryCallToAction({ category }: { category: Category }) {
  const site = useSite();
  return (
    <section aria-labelledby="category-cta" className="bg-steel py-12 text-white">
      <div className="container-page flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="category-cta" className="text-2xl font-bold">
            Need {category.title} fast?
          </h2>
          <p className="mt-2 max-w-2xl text-slate-100">
            Call the trade counter or send us your part numbers and we will come back with availability and a quote.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a href={telHref(site)} className={button()}>
            <Phone aria-hidden="true" className="size-4" />
            Call {site.phoneDisplay}
          </a>
          <a href={quoteEmail(site, category.title)} className={button({ variant: "secondary", surface: "dark" })}>
            <Mail aria-hidden="true" className="size-4" />
            Request Quote
          </a>
          <Link
            to={quotePrefillHref({ category: quoteCategoryFor[category.slug] })}
            className={button({ variant: "secondary" })}
          >
            <FileText aria-hidden="true" className="size-4" />
            Request a quote online
          </Link>
        </div>
      </div>
    </section>
  );
}
