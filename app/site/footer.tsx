import { Link } from "react-router";
import { button } from "#app/components/button.ts";
import { SectionLink } from "#app/components/section-link.tsx";
import { Static } from "#app/components/static.tsx";
import { mailtoHref, telHref, tradeCounterAddress } from "#app/content/site.ts";
import { cn } from "#app/lib/cn.ts";
import { useRootData } from "#app/lib/root-data.ts";

const linkClass = "inline-flex min-h-8 items-center hover:text-white hover:underline";

export function Footer() {
  const { site, categoryLinks } = useRootData();
  return (
    <Static as="footer" id="site-footer" className="bg-navy text-slate-200" data-testid="site-footer">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p>Independent industrial MRO supplier. Parts, stock and support from our trade counter.</p>
          <address className="not-italic">{tradeCounterAddress(site)}</address>
        </div>
        <nav aria-label="Products" className="space-y-2">
          <h2 className="font-bold text-white">Products</h2>
          <ul>
            <li>
              <Link to="/products" className={linkClass}>
                All products
              </Link>
            </li>
            {categoryLinks.map(({ slug, title }) => (
              <li key={slug}>
                <Link to={`/products/${slug}`} className={linkClass}>
                  {title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company" className="space-y-2">
          <h2 className="font-bold text-white">Company</h2>
          <ul>
            <li>
              <SectionLink section="about" className={linkClass}>
                About us
              </SectionLink>
            </li>
            <li>
              <Link to="/services" className={linkClass}>
                Services
              </Link>
            </li>
            <li>
              <Link to="/contact" className={linkClass}>
                Contact
              </Link>
            </li>
            <li>
              <Link to="/accessibility" className={linkClass}>
                Accessibility
              </Link>
            </li>
          </ul>
          <div className="flex flex-wrap gap-2 pt-3">
            <SectionLink section="quote" className={button()}>
              Request Quote
            </SectionLink>
            <SectionLink section="contact" className={button({ variant: "secondary", surface: "dark" })}>
              Contact Details
            </SectionLink>
          </div>
        </nav>
        <div className="space-y-2">
          <h2 className="font-bold text-white">Phone hours</h2>
          <p>
            <a href={telHref(site)} className={cn(linkClass, "font-semibold text-white")}>
              {site.phoneDisplay}
            </a>
          </p>
          <p>{site.hours.weekdays}</p>
          <p>{site.hours.saturday}</p>
          <p>
            <a href={mailtoHref(site)} className={cn(linkClass, "break-all")}>
              {site.email}
            </a>
          </p>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="container-page flex flex-col gap-1 py-5 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
          <p>Company No. {site.companyNumber}</p>
          <p>VAT No. {site.vatNumber}</p>
          <p className="sm:ml-auto">
            © {new Date().getFullYear()} {site.name}. All rights reserved.
          </p>
        </div>
      </div>
    </Static>
  );
}
