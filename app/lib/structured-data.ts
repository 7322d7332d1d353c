import type { Site } from "../content/site";
import { type OpeningCalendar, specialOpeningHoursSpecification } from "./opening-hours";

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

export function localBusiness(site: Site, siteUrl: string, calendar?: OpeningCalendar) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${siteUrl}/#business`,
    name: site.name,
    url: `${siteUrl}/`,
    telephone: site.phoneTel,
    email: site.email,
    logo: `${siteUrl}/icon-512.png`,
    image: `${siteUrl}/social.png`,
    address: {
      "@type": "PostalAddress",
      addressLocality: site.tradeCounter.locality,
      addressRegion: site.tradeCounter.region,
      addressCountry: "GB",
    },
    geo: { "@type": "GeoCoordinates", latitude: site.tradeCounter.lat, longitude: site.tradeCounter.lng },
    openingHoursSpecification: [site.hours.weekdays, site.hours.saturday]
      .map(openingHoursSpecification)
      .filter(Boolean),
    ...(calendar ? { specialOpeningHoursSpecification: specialOpeningHoursSpecification(calendar) } : {}),
    foundingDate: isoMonth(site.founded),
    areaServed,
  };
}

export function breadcrumbs(siteUrl: string, trail: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
}

export function itemList(name: string, items: { name: string; description: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      description: item.description,
    })),
  };
}

export function serviceList(site: Site, siteUrl: string, services: { title: string; description: string }[]) {
  return services.map((service) => ({
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    description: service.description,
    provider: { "@id": `${siteUrl}/#business`, "@type": "LocalBusiness", name: site.name },
    areaServed,
  }));
}
