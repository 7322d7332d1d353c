import type { Site } from "#app/content/site.ts";
import { type OpeningCalendar, specialOpeningHoursSpecification } from "#app/lib/opening-hours.ts";

const dayNames: Record<string, string> = {
  Mon: "Monday",
  Tue: "Tuesday",
  Wed: "Wednesday",
  Thu: "Thursday",
  Fri: "Friday",
  Sat: "Saturday",
  Sun: "Sunday",
};
const dayOrder = Object.keys(dayNames);
const pad = (time: string) => time.padStart(5, "0");
const areaServed = { "@type": "Country", name: "GB" };

/** Reads "Mon-Fri 8:30-17:00" or "Sat 9:00-13:00" into schema.org opening hours; undefined if it cannot. */
export function openingHoursSpecification(hours: string) {
  const match = hours.match(/^(\w{3})(?:-(\w{3}))? (\d{1,2}:\d{2})-(\d{1,2}:\d{2})$/);
  if (!match) return undefined;
  const [, first = "", last, opens = "", closes = ""] = match;
  const from = dayOrder.indexOf(first);
  const to = last ? dayOrder.indexOf(last) : from;
  if (from < 0 || to < from) return undefined;
  return {
    "@type": "OpeningHoursSpecification",
    dayOfWeek: dayOrder.slice(from, to + 1).map((day) => dayNames[day]),
    opens: pad(opens),
    closes: pad(closes),
  };
}

const months = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** "July 2021" → "2021-07". */
export function isoMonth(text: string) {
  const [month = "", year = ""] = text.trim().toLowerCase().split(/\s+/);
  const index = months.indexOf(month);
  return index >= 0 && /^\d{4}$/.test(year) ? `${year}-${String(index + 1).padStart(2, "0")}` : undefined;
}

const context = "https://schema.org";
const ids = (site: Site) => ({
  organization: `${site.url}/#organization`,
  website: `${site.url}/#website`,
  business: `${site.url}/#business`,
});
/** sameAs only when the operator has named profiles elsewhere. */
const sameAs = (site: Site) => (site.sameAs.length > 0 ? { sameAs: site.sameAs } : {});

export function organization(site: Site) {
  return {
    "@context": context,
    "@type": "Organization",
    "@id": ids(site).organization,
    name: site.name,
    url: `${site.url}/`,
    logo: `${site.url}/icon-512.png`,
    email: site.email,
    telephone: site.phoneTel,
    ...sameAs(site),
  };
}

export function webSite(site: Site) {
  return {
    "@context": context,
    "@type": "WebSite",
    "@id": ids(site).website,
    name: site.name,
    url: `${site.url}/`,
    inLanguage: "en-GB",
    publisher: { "@id": ids(site).organization },
  };
}

export function localBusiness(site: Site, calendar?: OpeningCalendar) {
  const { streetAddress, locality, region, postcode, lat, lng } = site.tradeCounter;
  return {
    "@context": context,
    "@type": "LocalBusiness",
    "@id": ids(site).business,
    name: site.name,
    url: `${site.url}/`,
    telephone: site.phoneTel,
    email: site.email,
    logo: `${site.url}/icon-512.png`,
    image: `${site.url}/social.png`,
    parentOrganization: { "@id": ids(site).organization },
    address: {
      "@type": "PostalAddress",
      streetAddress,
      addressLocality: locality,
      addressRegion: region,
      postalCode: postcode,
      addressCountry: "GB",
    },
    geo: { "@type": "GeoCoordinates", latitude: lat, longitude: lng },
    openingHoursSpecification: [site.hours.weekdays, site.hours.saturday]
      .map(openingHoursSpecification)
      .filter(Boolean),
    ...(calendar ? { specialOpeningHoursSpecification: specialOpeningHoursSpecification(calendar) } : {}),
    foundingDate: isoMonth(site.founded),
    areaServed,
    ...sameAs(site),
  };
}

/** The entities every page carries: the company, the website and the trade counter. */
export function siteEntities(site: Site, calendar?: OpeningCalendar) {
  return [organization(site), webSite(site), localBusiness(site, calendar)];
}

export function breadcrumbs(site: Site, trail: { name: string; path: string }[]) {
  return {
    "@context": context,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${site.url}${crumb.path}`,
    })),
  };
}

/** A list of things on the site; each entry's path (a page, or a section of one) becomes its url. */
export function itemList(site: Site, name: string, items: { name: string; description: string; path: string }[]) {
  return {
    "@context": context,
    "@type": "ItemList",
    name,
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      description: item.description,
      url: `${site.url}${item.path}`,
    })),
  };
}

export function serviceList(site: Site, services: { title: string; description: string }[]) {
  return services.map((service) => ({
    "@context": context,
    "@type": "Service",
    name: service.title,
    description: service.description,
    provider: { "@id": ids(site).business, "@type": "LocalBusiness", name: site.name },
    areaServed,
  }));
}
