import { Mail, Phone } from "lucide-react";
import { NavLink } from "react-router";
import { button } from "#app/components/button.ts";
import { OpenNow } from "#app/components/open-now.tsx";
import { SectionLink } from "#app/components/section-link.tsx";
import { accountApplicationHref, mailtoHref, openingHours, telHref } from "#app/content/site.ts";
import { useSite } from "#app/lib/root-data.ts";
import { SearchBox } from "#app/site/search-box.tsx";

const itemClass =
  "flex min-h-12 items-center rounded-md px-3 text-lg font-semibold text-navy hover:bg-mist aria-[current=page]:bg-mist";

/** The small-screen panel, shared by the plain-HTML popover and the Radix dialog: one look in both. */
export const panelClass = "w-[min(22rem,88vw)] flex-col gap-6 overflow-y-auto bg-white p-5 shadow-2xl";

/** What the menu panel lists below its title: the navigation, the two actions and how to reach us. */
export function MenuContents({ onChoose }: { onChoose?: () => void }) {
  const site = useSite();
  return (
    <>
      <SearchBox variant="panel" onNavigate={onChoose} />
      <nav aria-label="Main">
        <ul className="flex flex-col gap-1">
          {site.navigation.map((item) => (
            <li key={item.id}>
              {item.isRoute ? (
                <NavLink to={item.route} className={itemClass} onClick={onChoose}>
                  {item.label}
                </NavLink>
              ) : (
                <SectionLink section={item.id} className={itemClass} onClick={onChoose}>
                  {item.label}
                </SectionLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-3">
        <SectionLink section="quote" className={button()} onClick={onChoose}>
          Request Quote
        </SectionLink>
        <a href={accountApplicationHref(site)} className={button({ variant: "secondary" })} onClick={onChoose}>
          Request an Account
        </a>
      </div>
      <div className="mt-auto space-y-2 border-t border-slate-200 pt-4 text-slate-700">
        <a href={telHref(site)} className="flex min-h-11 items-center gap-2 font-semibold text-steel">
          <Phone aria-hidden="true" className="size-5" /> {site.phoneDisplay}
        </a>
        <a href={mailtoHref(site)} className="flex min-h-11 items-center gap-2 font-semibold text-steel">
          <Mail aria-hidden="true" className="size-5" /> {site.email}
        </a>
        <p className="text-sm">{openingHours(site)}</p>
        <OpenNow className="block text-sm font-semibold text-navy" />
      </div>
    </>
  );
}
