import { Mail, MapPin, Phone } from "lucide-react";
import { OpenNow } from "#app/components/open-now.tsx";
import { Static } from "#app/components/static.tsx";
import type { contactSection as contactCopy } from "#app/content/home-page.ts";
import { mailtoHref, mapLinks, telHref, tradeCounterAddress } from "#app/content/site.ts";
import { cn } from "#app/lib/cn.ts";
import { useSite } from "#app/lib/root-data.ts";

const cardClass = "flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-6 shadow-sm";
const iconClass = "size-10 rounded-full bg-mist p-2 text-steel";

/** The three contact cards and the map; on /contact it carries the page's h1. */
export function ContactSection({
  content: contactSection,
  asPage = false,
  className,
}: {
  content: typeof contactCopy;
  asPage?: boolean;
  className?: string;
}) {
  const site = useSite();
  const map = mapLinks(site);
  const Heading = asPage ? "h1" : "h2";
  const CardHeading = asPage ? "h2" : "h3";
  return (
    <section id="contact" aria-labelledby="contact-heading" className={cn("bg-paper py-14", className)}>
      <div className="container-page">
        <Static>
          <Heading id="contact-heading" className="text-3xl font-bold text-navy">
            {contactSection.title}
          </Heading>
          <p className="mt-3 max-w-2xl text-lg text-slate-700">{contactSection.intro}</p>
        </Static>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          <div className={cardClass} data-testid="contact-card">
            <Phone aria-hidden="true" className={iconClass} />
            <CardHeading className="text-xl font-bold text-navy">Phone</CardHeading>
            <a href={telHref(site)} className="text-lg font-semibold text-steel underline-offset-4 hover:underline">
              {site.phoneDisplay}
            </a>
            <p>{site.hours.weekdays}</p>
            <p>{site.hours.saturday}</p>
            {/* The line is held open until the browser fills it, so nothing below moves when it does. Its own
                opaque background keeps its contrast whatever is measured beneath it before the section is laid out. */}
            <p className="min-h-6">
              <OpenNow className="rounded bg-mist px-2 py-0.5 font-semibold text-navy" />
            </p>
          </div>
          <Static className={cardClass} data-testid="contact-card">
            <Mail aria-hidden="true" className={iconClass} />
            <CardHeading className="text-xl font-bold text-navy">E-mail</CardHeading>
            <a
              href={mailtoHref(site)}
              className="text-lg font-semibold wrap-anywhere text-steel underline-offset-4 hover:underline"
            >
              {site.email}
            </a>
            <p>{contactSection.emailNote}</p>
          </Static>
          <Static className={cardClass} data-testid="contact-card">
            <MapPin aria-hidden="true" className={iconClass} />
            <CardHeading className="text-xl font-bold text-navy">{site.tradeCounter.label}</CardHeading>
            <address className="not-italic">{tradeCounterAddress(site)}</address>
            <a href={map.full} className="font-semibold text-steel underline underline-offset-4">
              Open the full map<span className="sr-only"> of our {site.tradeCounter.label.toLowerCase()}</span>
            </a>
          </Static>
        </div>
        <Static>
          <CardHeading className="mt-10 text-xl font-bold text-navy">{contactSection.mapTitle}</CardHeading>
          <iframe
            title={contactSection.mapTitle}
            src={map.embed}
            height={500}
            loading="lazy"
            referrerPolicy="no-referrer"
            className="mt-4 h-[500px] w-full rounded-lg border border-slate-200 bg-mist"
          />
        </Static>
      </div>
    </section>
  );
}
