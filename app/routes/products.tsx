import { Link } from "react-router";
import { button } from "#app/components/button.ts";
import { JsonLd } from "#app/components/json-ld.tsx";
import { PageIntro } from "#app/components/page-intro.tsx";
import { SectionLink } from "#app/components/section-link.tsx";
import { Static } from "#app/components/static.tsx";
import { categories, productsPage } from "#app/content/catalogue.ts";
import { withIdentity } from "#app/content/site.ts";
import { getConfig } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { useSite } from "#app/lib/root-data.ts";
import { breadcrumbs, itemList } from "#app/lib/structured-data.ts";
import { CategoryCard, ProductsCallToAction } from "#app/sections/products.tsx";
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
    <Static className="contents">
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
            <CategoryCard key={category.slug} category={category} eager={index < 2} />
          ))}
        </ul>
      </section>
      <ProductsCallToAction />
    </Static>
  );
}
