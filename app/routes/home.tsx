import { data } from "react-router";
import { ContactSection } from "#app/components/contact-section.tsx";
import { Static } from "#app/components/static.tsx";
import * as home from "#app/content/home-page.ts";
import { withIdentity } from "#app/content/site.ts";
import { getConfig } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { keepDataAfterPost } from "#app/lib/revalidate.ts";
import { useHashScroll } from "#app/lib/use-hash-scroll.ts";
import { quoteAction } from "#app/quote/action.server.ts";
import { About } from "#app/sections/home/about.tsx";
import { Hero } from "#app/sections/home/hero.tsx";
import { Marketing, Partners, ProductsAndServices } from "#app/sections/home/offer.tsx";
import { QuoteSection } from "#app/sections/home/quote-section.tsx";
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

export async function action(args: Route.ActionArgs) {
  const reply = await quoteAction(args);
  // A post the form cannot have made gets the short error page, not the whole home page again.
  if (reply.init?.status === 400 && !reply.data.ok && reply.data.kind === "rejected") {
    throw data(`400: ${reply.data.message}`, { status: 400 });
  }
  return reply;
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

export default function Home({ loaderData: content }: Route.ComponentProps) {
  useHashScroll();
  return (
    <>
      <Static className="contents">
        <Hero hero={content.hero} claims={content.claims} />
        <Partners partners={content.partners} />
        <ProductsAndServices cards={content.cards} />
        <Marketing marketing={content.marketing} />
      </Static>
      <About
        about={content.about}
        slides={content.slides}
        industriesSection={content.industriesSection}
        industries={content.industries}
      />
      <QuoteSection quoteSection={content.quoteSection} />
      <ContactSection content={content.contactSection} className="render-when-near" />
    </>
  );
}
