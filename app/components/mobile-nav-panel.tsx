import { Mail, Phone, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { NavLink } from "react-router";
import { navItems } from "../content/navigation";
import { accountApplicationHref, mailtoHref, openingHours, telHref } from "../content/site";
import { useSite } from "../lib/root-data";
import { SearchBox, searchListOpen } from "../search/search-box";
import { OpenNow } from "./open-now";
import { SectionLink } from "./section-link";

const itemClass =
  "flex min-h-12 items-center rounded-md px-3 text-lg font-semibold text-navy hover:bg-mist aria-[current=page]:bg-mist";

/** The right-side slide-in panel (a Radix dialog: focus trapped, Escape closes); loaded on first use. */
export default function MobileNavPanel({ onClose }: { onClose: (returnFocus: boolean) => void }) {
  const site = useSite();
  const close = () => onClose(false);
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose(true)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-navy/60 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => searchListOpen() && event.preventDefault()}
          data-testid="mobile-panel"
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col gap-6 overflow-y-auto bg-white p-5 shadow-2xl data-[state=open]:animate-slide-in-right"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-xl font-bold text-navy">Menu</Dialog.Title>
            <Dialog.Close className="inline-flex size-11 items-center justify-center rounded-md text-navy hover:bg-mist">
              <X aria-hidden="true" className="size-6" />
              <span className="sr-only">Close menu</span>
            </Dialog.Close>
          </div>
          <SearchBox variant="panel" onNavigate={close} />
          <nav aria-label="Main">
            <ul className="flex flex-col gap-1">
              {navItems.map((item) => (
                <li key={item.id}>
                  {item.isRoute ? (
                    <NavLink to={item.route} className={itemClass} onClick={close}>
                      {item.label}
                    </NavLink>
                  ) : (
                    <SectionLink section={item.id} className={itemClass} onClick={close}>
                      {item.label}
                    </SectionLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-col gap-3">
            <SectionLink section="quote" className="btn btn-primary" onClick={close}>
              Request Quote
            </SectionLink>
            <a href={accountApplicationHref(site)} className="btn btn-secondary text-steel" onClick={close}>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
