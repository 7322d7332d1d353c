import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { button } from "#app/components/button.ts";
import { SectionLink } from "#app/components/section-link.tsx";
import type { Category } from "#app/content/schema.ts";

type CardCategory = Pick<Category, "slug" | "title" | "image" | "alt" | "summary" | "features" | "isNew">;

/** One category: its picture (the first row's load at once), what it covers, and the way to its page. */
export function CategoryCard({ category, eager }: { category: CardCategory; eager: boolean }) {
  return (
    <li
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
      data-testid="category-card"
    >
      <img
        src={category.image}
        alt={category.alt}
        width={640}
        height={400}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        className="aspect-[8/5] w-full bg-mist object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        {/* The badge sits beside the title, never on the artwork. */}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 className="text-xl font-bold text-navy">{category.title}</h2>
          {category.isNew ? (
            <span className="rounded-full bg-signal px-3 py-0.5 text-sm font-bold text-white">New</span>
          ) : null}
        </div>
        <p className="text-slate-700">{category.summary}</p>
        <ul className="space-y-1 text-sm text-slate-700">
          {category.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-signal" />
              {feature}
            </li>
          ))}
        </ul>
        <Link to={`/products/${category.slug}`} className={button({ className: "mt-auto" })}>
          View Full Range<span className="sr-only"> of {category.title}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </li>
  );
}

export function ProductsCallToAction() {
  return (
    <section className="bg-steel py-12 text-white" aria-labelledby="products-cta">
      <div className="container-page flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="products-cta" className="text-2xl font-bold sm:text-3xl">
            Ready to Source Your Industrial Supplies?
          </h2>
          <p className="mt-2 max-w-2xl text-slate-100">
            Tell us the part numbers, sizes or the job in hand and we will reply with a quote within 24 hours.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <SectionLink section="quote" className={button()}>
            Request Quote
          </SectionLink>
          <Link to="/contact" className={button({ variant: "secondary", surface: "dark" })}>
            Contact Us
          </Link>
        </div>
      </div>
    </section>
  );
}
