import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { button } from "#app/components/button.ts";
import { JsonLd } from "#app/components/json-ld.tsx";
import { PageIntro } from "#app/components/page-intro.tsx";
import { SectionLink } from "#app/components/section-link.tsx";
import { categories, productsPage } from "#app/content/catalogue.ts";
import { withIdentity } from "#app/content/site.ts";
import { getConfig } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { useSite } from "#app/lib/root-data.ts";
import { breadcrumbs, itemList } from "#app/lib/structured-data.ts";
import type { Route } from "./+types/products";

export function loader() {
  const { title, intro, metaDescription } = productsPage;
  return withIdentity(
    {
      page: { title, intro },
      // Only what the cards show; each category's groups and brands travel with its own page.
      categories: categories.map(({ slug, title, image, alt, summary, features, isNew }) => ({
        slug,
        title,
        image,
        alt,
        summary,
        features,
        isNew,
      })),
      meta: { title, description: metaDescription, path: "/products" },
    },
    getConfig().site,
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.meta);

export default function Products({ loaderData }: Route.ComponentProps) {
  const { page, categories } = loaderData;
  const site = useSite();
  return (
    <>
      <JsonLd
        data={[
          breadcrumbs(site, [
            { name: "Home", path: "/" },
            { name: page.title, path: "/products" },
          ]),
          itemList(
            site,
            page.title,
            categories.map((category) => ({
              name: category.title,
              description: category.summary,
              path: `/products/${category.slug}`,
            })),
          ),
        ]}
      />
      <PageIntro title={page.title} intro={page.intro}>
        <div className="flex flex-wrap gap-3">
          <SectionLink section="quote" className={button()}>
            Request Product Quote
          </SectionLink>
          <Link to="/contact" className={button({ variant: "secondary", surface: "dark" })}>
            Contact Us
          </Link>
        </div>
      </PageIntro>
      <section aria-label="Product categories" className="bg-paper py-12">
        <ul className="container-page grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((category, index) => (
            <li
              key={category.slug}
              className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
              data-testid="category-card"
            >
              <img
                src={category.image}
                alt={category.alt}
                width={640}
                height={400}
                loading={index < 2 ? "eager" : "lazy"}
                fetchPriority={index < 2 ? "high" : undefined}
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
          ))}
        </ul>
      </section>
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
    </>
  );
}
