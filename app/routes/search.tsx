import { Mail, Phone } from "lucide-react";
import { data, Link } from "react-router";
import { button } from "#app/components/button.ts";
import { defaultSite, mailtoHref, telHref } from "#app/content/site.ts";
import { MAX_QUERY_LENGTH } from "#app/lib/normalise.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { quotePrefillHref } from "#app/quote/prefill.ts";
import { search } from "#app/search/engine.ts";
import { resultSections } from "#app/search/present.ts";
import { SearchBox } from "#app/site/search-box.tsx";
import type { Route } from "./+types/search";

/**
 * /search?q=… — the same results as the box, rendered on the server so search works without JavaScript.
 * Not prerendered (it depends on the query), kept out of the sitemap and of search engines' indexes.
 */
export function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("q") ?? "";
  const text = raw
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const query = text.slice(0, MAX_QUERY_LENGTH).trim();
  const { part, hits } = search(query, 60);
  return data(
    { query, shortened: text.length > MAX_QUERY_LENGTH, part, hits },
    { headers: { "X-Robots-Tag": "noindex", "Cache-Control": "no-cache" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: { name: string } } | undefined;
  const name = root?.site?.name ?? defaultSite.name;
  const query = loaderData?.query;
  return [
    { title: query ? `Search: ${query} | ${name}` : `Search | ${name}` },
    { name: "robots", content: "noindex" },
    { name: "description", content: "Search our catalogue by part number, product, brand or service." },
  ];
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, shortened, part, hits } = loaderData;
  const { site, categoryLinks } = useRootData();
  const title = (slug: string) => categoryLinks.find((link) => link.slug === slug)?.title;
  const sections = query ? resultSections({ part, hits }, query, site, title, 12) : [];
  const count = hits.length + (part ? 1 : 0);
  return (
    <div className="container-page max-w-4xl py-10">
      <h1 className="text-3xl font-bold text-navy">Search</h1>
      <p className="mt-2 text-slate-700">
        Type a part number such as 6205-2RS or SPZ 1250, a product, a brand or a service.
      </p>
      <div className="mt-6">
        <SearchBox key={query} variant="page" defaultValue={query} autoFocus={!query} />
      </div>
      <section aria-labelledby="results-heading" className="mt-8">
        <h2 id="results-heading" className="text-xl font-bold text-navy">
          {query ? (
            <>
              {count > 0 ? "Results" : "No results"} for <q className="break-words">{query}</q>
            </>
          ) : (
            "What are you looking for?"
          )}
        </h2>
        {shortened ? (
          <p className="mt-2 text-slate-700">
            {`That search was long, so we looked for its first ${MAX_QUERY_LENGTH} characters.`}
          </p>
        ) : null}
        <div className="mt-4 space-y-8">
          {sections.map((section) => (
            <div key={section.key} data-testid={`results-${section.key}`}>
              <h3 className="text-lg font-bold text-navy">{section.label}</h3>
              {section.note ? <p className="mt-1 break-words text-slate-700">{section.note}</p> : null}
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {section.links.map((link) => (
                  <li key={`${link.href}|${link.label}`}>
                    <Link
                      to={link.href}
                      reloadDocument={/^(tel|mailto):/.test(link.href)}
                      className="flex min-h-11 flex-col justify-center rounded-md border border-slate-200 px-4 py-2 break-words hover:border-steel hover:bg-mist"
                    >
                      <span className="font-semibold text-steel">{link.label}</span>
                      {link.detail ? <span className="text-sm text-slate-700">{link.detail}</span> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
      <aside aria-labelledby="ask-heading" className="mt-10 rounded-lg bg-paper p-6">
        <h2 id="ask-heading" className="text-xl font-bold text-navy">
          Can’t see what you need?
        </h2>
        <p className="mt-2 text-slate-700">
          We source far more than these pages show. Send us the part number or a description and we will quote.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={quotePrefillHref({ part: query })} className={button()}>
            Ask for a quote
          </Link>
          <a href={telHref(site)} className={button({ variant: "secondary" })}>
            <Phone aria-hidden="true" className="size-4" />
            Call {site.phoneDisplay}
          </a>
          <a href={mailtoHref(site)} className={button({ variant: "secondary", className: "break-all" })}>
            <Mail aria-hidden="true" className="size-4" />
            {site.email}
          </a>
        </div>
      </aside>
    </div>
  );
}
