import { Clock, Mail, Phone, Search } from "lucide-react";
import { Link, NavLink } from "react-router";
import { button } from "#app/components/button.ts";
import { OpenNow } from "#app/components/open-now.tsx";
import { SectionLink } from "#app/components/section-link.tsx";
import { accountApplicationHref, mailtoHref, openingHours, telHref } from "#app/content/site.ts";
import { useSite } from "#app/lib/root-data.ts";
import { BrandLink } from "#app/site/brand-mark.tsx";
import { MobileNav } from "#app/site/mobile-nav.tsx";
import { SearchBox } from "#app/site/search-box.tsx";

const navLinkClass =
  "rounded px-3 py-2 font-semibold text-slate-700 hover:bg-mist hover:text-navy aria-[current=page]:text-steel aria-[current=page]:underline aria-[current=page]:underline-offset-8";

export function Header() {
  const site = useSite();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="hidden bg-navy text-sm text-white md:block" data-testid="top-bar">
        <div className="container-page flex flex-wrap items-center gap-x-6 gap-y-1 py-1.5">
          <a href={telHref(site)} className="inline-flex min-h-8 items-center gap-1.5 hover:underline">
            <Phone aria-hidden="true" className="size-4" />
            <span className="sr-only">Call us on </span>
            {site.phoneDisplay}
          </a>
          <a href={mailtoHref(site)} className="inline-flex min-h-8 items-center gap-1.5 hover:underline">
            <Mail aria-hidden="true" className="size-4" />
            <span className="sr-only">E-mail us at </span>
            {site.email}
          </a>
          <SearchBox variant="bar" />
          <p className="inline-flex items-center gap-1.5 md:ml-auto">
            <Clock aria-hidden="true" className="size-4" />
            <span className="sr-only">Opening hours: </span>
            {openingHours(site)}
            <OpenNow className="ml-1 rounded bg-white/15 px-2 font-semibold" />
          </p>
        </div>
      </div>
      <div className="container-page flex min-h-18 items-center justify-between gap-4 py-2">
        <BrandLink className="text-navy" />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {site.navigation.map((item) => (
              <li key={item.id}>
                {item.isRoute ? (
                  <NavLink to={item.route} className={navLinkClass}>
                    {item.label}
                  </NavLink>
                ) : (
                  <SectionLink section={item.id} className={navLinkClass}>
                    {item.label}
                  </SectionLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <a href={accountApplicationHref(site)} className={button({ variant: "secondary" })}>
            Request an Account
          </a>
          <SectionLink section="quote" className={button()}>
            Request Quote
          </SectionLink>
        </div>
        <div className="flex items-center gap-1 lg:hidden">
          <Link
            to="/search"
            className="inline-flex size-11 items-center justify-center rounded-md text-steel hover:bg-mist md:hidden"
          >
            <Search aria-hidden="true" className="size-6" />
            <span className="sr-only">Search</span>
          </Link>
          <a
            href={telHref(site)}
            className="inline-flex size-11 items-center justify-center rounded-md text-steel hover:bg-mist md:hidden"
          >
            <Phone aria-hidden="true" className="size-6" />
            <span className="sr-only">Call {site.phoneDisplay}</span>
          </a>
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
