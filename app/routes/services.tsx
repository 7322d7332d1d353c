import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { button } from "#app/components/button.ts";
import { JsonLd } from "#app/components/json-ld.tsx";
import { PageIntro } from "#app/components/page-intro.tsx";
import { Static } from "#app/components/static.tsx";
import { services, servicesPage } from "#app/content/catalogue.ts";
import { withIdentity } from "#app/content/site.ts";
import { getConfig } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { useSite } from "#app/lib/root-data.ts";
import { breadcrumbs, serviceList } from "#app/lib/structured-data.ts";
import type { Route } from "./+types/services";

export function loader() {
  const { title, intro, metaDescription } = servicesPage;
  return withIdentity(
    { page: { title, intro }, services, meta: { title, description: metaDescription, path: "/services" } },
    getConfig().site,
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.meta);

export default function Services({ loaderData }: Route.ComponentProps) {
  const { page, services } = loaderData;
  const site = useSite();
  return (
    <Static className="contents">
      <JsonLd
        data={[
          breadcrumbs(site, [
            { name: "Home", path: "/" },
            { name: page.title, path: "/services" },
          ]),
          ...serviceList(site, services),
        ]}
      />
      <PageIntro title={page.title} intro={page.intro} />
      <div className="bg-paper py-12">
        <div className="container-page grid gap-8 lg:grid-cols-2">
          {services.map((service, index) => (
            <section
              key={service.slug}
              aria-labelledby={service.slug}
              className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
              data-testid="service-card"
            >
              <img
                src={service.image}
                alt={service.alt}
                width={640}
                height={400}
                loading={index < 1 ? "eager" : "lazy"}
                fetchPriority={index < 1 ? "high" : undefined}
                className="aspect-[8/5] w-full bg-mist object-cover"
              />
              <div className="p-6">
                <h2 id={service.slug} className="text-2xl font-bold text-navy">
                  {service.title}
                </h2>
                <p className="mt-3 text-slate-700">{service.description}</p>
                <ul className="mt-5 grid gap-3 sm:grid-cols-2" aria-label={`${service.title} features`}>
                  {service.features.map((feature) => (
                    <li key={feature.title} className="rounded-md bg-mist px-4 py-3 font-semibold text-navy">
                      {feature.title}
                    </li>
                  ))}
                </ul>
              </div>
            </section>
          ))}
        </div>
        <div className="container-page mt-10 flex justify-center">
          <Link to="/contact" className={button({ size: "lg" })}>
            Enquire About Our Services - Contact Us
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </div>
    </Static>
  );
}
