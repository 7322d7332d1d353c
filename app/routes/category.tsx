import { data } from "react-router";
import { BrandStrip } from "#app/components/brand-strip.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { Static } from "#app/components/static.tsx";
import { findCategory } from "#app/content/catalogue.ts";
import { withIdentity } from "#app/content/site.ts";
import { getConfig } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { useSite } from "#app/lib/root-data.ts";
import { breadcrumbs, itemList } from "#app/lib/structured-data.ts";
import { CategoryCallToAction, CategoryHero, groupAnchor, Highlights, TypeGroups } from "#app/sections/category.tsx";
import type { Route } from "./+types/category";

export function loader({ params }: Route.LoaderArgs) {
  const category = findCategory(params.slug);
  if (!category) throw data("Unknown category", { status: 404 });
  return withIdentity(
    {
      category,
      meta: { title: category.title, description: category.metaDescription, path: `/products/${category.slug}` },
    },
    getConfig().site,
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.meta);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  const site = useSite();
  const path = `/products/${category.slug}`;
  return (
    <Static className="contents">
      <JsonLd
        data={[
          breadcrumbs(site, [
            { name: "Home", path: "/" },
            { name: "Products", path: "/products" },
            { name: category.title, path },
          ]),
          itemList(
            site,
            `${category.title} we supply`,
            category.groups.map((group) => ({
              name: group.name,
              description: group.description,
              path: `${path}#${groupAnchor(group.name)}`,
            })),
          ),
        ]}
      />
      <CategoryHero category={category} />
      {category.highlights ? <Highlights highlights={category.highlights} /> : null}
      <TypeGroups category={category} />
      <BrandStrip brands={category.brands} />
      <CategoryCallToAction category={category} />
    </Static>
  );
}
