import { ArrowRight, Phone } from "lucide-react";
import { Link } from "react-router";
import { button } from "#app/components/button.ts";
import { ContactSection } from "#app/components/contact-section.tsx";
import { ContentIcon } from "#app/components/icons.tsx";
import { SectionLink } from "#app/components/section-link.tsx";
import { Slideshow } from "#app/components/slideshow.tsx";
import * as home from "#app/content/home.ts";
import { accountApplicationHref, mailtoHref, telHref, withIdentity } from "#app/content/site.ts";
import { getConfig } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { keepDataAfterPost } from "#app/lib/revalidate.ts";
import { useSite } from "#app/lib/root-data.ts";
import { useHashScroll } from "#app/lib/use-hash-scroll.ts";
import { quoteAction } from "#app/quote/action.server.ts";
import { LazyQuoteForm } from "#app/quote/lazy-quote-form.tsx";
import type { Route } from "./+types/home";

export function loader() {
  const { hero, claims, partners, cards, marketing, about, slides, industries, industriesSection } = home;
  const { quoteSection, contactSection } = home;
  return withIdentity(
    {
      hero,
      claims,
      partners,
      cards,
      marketing,
      about,
      slides,
      industries,
      industriesSection,
      quoteSection,
      contactSection,
      meta: { ...home.homeMeta, path: "/" },
    },
    getConfig().site,
  );
}

export function action(args: Route.ActionArgs) {
  return quoteAction(args);
}

/** Lets a rate-limited answer carry its Retry-After header. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

/** A failed network or server error keeps the form and shows the failure notice instead of an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { ok: false as const, kind: "network" as const };
  }
}

export const shouldRevalidate = keepDataAfterPost;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.meta);

const sectionTitle = "text-2xl font-bold text-navy sm:text-3xl";

export default function Home({ loaderData: content }: Route.ComponentProps) {
  const site = useSite();
  useHashScroll();
  return (
    <>
      <section id="home" aria-labelledby="hero-heading" className="bg-navy text-white">
        <div className="container-page py-12 sm:py-16">
          <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {content.hero.headline}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200 sm:text-xl">{content.hero.subline}</p>
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
            {content.claims.map((claim) => (
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

      <section aria-labelledby="partners-heading" className="py-12">
        <div className="container-page grid gap-8 lg:grid-cols-[2fr_3fr] lg:items-center">
          <div>
            <h2 id="partners-heading" className={sectionTitle}>
              {content.partners.title}
            </h2>
            <p className="mt-3 text-slate-700">{content.partners.intro}</p>
          </div>
          <div>
            <ul className="grid grid-cols-3 gap-3" aria-label="Partner brands">
              {content.partners.brands.map((brand) => (
                <li
                  key={brand}
                  className="rounded-md border-2 border-steel px-3 py-3 text-center text-lg font-bold text-steel sm:py-4 sm:text-xl"
                >
                  {brand}
                </li>
              ))}
            </ul>
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Partner categories">
              {content.partners.categories.map((category) => (
                <li key={category} className="rounded-full bg-mist px-4 py-1.5 font-semibold text-navy">
                  {category}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-label="Products and services" className="bg-paper py-12">
        <div className="container-page grid gap-6 md:grid-cols-2">
          {content.cards.map((card) => (
            <div
              key={card.to}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
            >
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

      <section aria-labelledby="marketing-heading" className="render-when-near py-12">
        <div className="container-page">
          <h2 id="marketing-heading" className={sectionTitle}>
            {content.marketing.title}
          </h2>
          <p className="mt-3 max-w-3xl text-slate-700">{content.marketing.intro}</p>
          <h3 className="mt-6 text-lg font-bold text-navy">Stocked lines</h3>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {content.marketing.stockLines.map((line) => (
              <li key={line} className="flex gap-2">
                <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-signal" />
                {line}
              </li>
            ))}
          </ul>
          {/* Five points: one row from lg up; below that, pairs with the last one spanning both columns. */}
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {content.marketing.points.map((point) => (
              <li key={point.title} className="rounded-lg bg-mist p-5 sm:last:odd:col-span-2 lg:last:odd:col-span-1">
                <ContentIcon name={point.icon} className="size-7 text-steel" />
                <p className="mt-2 text-lg font-bold text-navy">{point.title}</p>
                <p className="text-slate-700">{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="about" aria-labelledby="about-heading" className="render-when-near bg-paper py-14">
        <div className="container-page grid grid-cols-1 gap-10 lg:grid-cols-2">
          <div>
            <h2 id="about-heading" className={sectionTitle}>
              {content.about.title}
            </h2>
            <div className="mt-4 space-y-4 text-lg text-slate-700">
              {content.about.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
          <Slideshow slides={content.slides} />
        </div>
        <div className="container-page mt-14">
          <h3 className="text-2xl font-bold text-navy">{content.industriesSection.title}</h3>
          <p className="mt-2 text-slate-700">{content.industriesSection.intro}</p>
          {/* As many columns as fit tiles wide enough for the longest sector name ("Transportation"). */}
          <ul
            className="mt-6 grid grid-cols-[repeat(auto-fill,minmax(min(100%,14rem),1fr))] gap-3"
            data-testid="industries"
          >
            {content.industries.map((industry) => (
              <li
                key={industry.title}
                className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
              >
                <img src={industry.icon} alt="" width={40} height={40} loading="lazy" className="size-10" />
                <span className="font-semibold text-navy">{industry.title}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="quote" aria-labelledby="quote-heading" className="render-when-near py-14">
        <div className="container-page max-w-3xl">
          <h2 id="quote-heading" className={sectionTitle}>
            {content.quoteSection.title}
          </h2>
          <p className="mt-3 text-lg text-slate-700">{content.quoteSection.intro}</p>
          <p className="mt-2 text-slate-700">
            Prefer to talk? Call{" "}
            <a href={telHref(site)} className="font-semibold text-steel underline underline-offset-4">
              {site.phoneDisplay}
            </a>{" "}
            or e-mail{" "}
            <a href={mailtoHref(site)} className="font-semibold break-all text-steel underline underline-offset-4">
              {site.email}
            </a>
            .
          </p>
          <div className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <LazyQuoteForm />
          </div>
        </div>
      </section>

      <ContactSection content={content.contactSection} className="render-when-near" />
    </>
  );
}
