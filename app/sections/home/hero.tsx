import { Phone } from "lucide-react";
import { button } from "#app/components/button.ts";
import { ContentIcon } from "#app/components/icons.tsx";
import { SectionLink } from "#app/components/section-link.tsx";
import type { claims as claimList, hero as heroCopy } from "#app/content/home-page.ts";
import { accountApplicationHref, telHref } from "#app/content/site.ts";
import { useSite } from "#app/lib/root-data.ts";

/** The first screen: what we are, the three ways to reach us, and why buy from us. */
export function Hero({ hero, claims }: { hero: typeof heroCopy; claims: typeof claimList }) {
  const site = useSite();
  return (
    <section id="home" aria-labelledby="hero-heading" className="bg-navy text-white">
      <div className="container-page py-12 sm:py-16">
        <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
          {hero.headline}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200 sm:text-xl">{hero.subline}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <SectionLink section="quote" className={button()}>
            Request Quote
          </SectionLink>
          <a href={telHref(site)} className={button({ variant: "secondary", surface: "dark" })}>
            <Phone aria-hidden="true" className="size-4" />
            Call Now<span className="sr-only"> on {site.phoneDisplay}</span>
          </a>
          <a href={accountApplicationHref(site)} className={button({ variant: "secondary", surface: "dark" })}>
            Request an Account
          </a>
        </div>
        <ul className="mt-10 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Why buy from us">
          {claims.map((claim) => (
            <li key={claim.title} className="flex gap-3 rounded-lg bg-white/10 p-4" data-testid="claim">
              <ContentIcon name={claim.icon} className="mt-0.5 size-6 shrink-0 text-amber" />
              <div>
                <p className="font-bold">{claim.title}</p>
                <p className="text-sm text-slate-200">{claim.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
