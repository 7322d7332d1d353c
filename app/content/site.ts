import { type NavItem, navItems } from "#app/content/navigation.ts";

/**
 * The site's one configuration object: the company's identity, its public address and its navigation.
 * Validated at boot by app/lib/site-schema.server.ts; each identity value can be overridden by the environment.
 */
export type Site = {
  name: string;
  /** Public origin (SITE_URL) for canonical links, the sitemap and structured data; no trailing slash. */
  url: string;
  phoneDisplay: string;
  /** International format for tel: links, e.g. +441632960000. */
  phoneTel: string;
  /** The out-of-hours emergency line, when it is not the main number (which then answers round the clock). */
  outOfHoursPhone?: string;
  email: string;
  tradeCounter: {
    label: string;
    streetAddress: string;
    locality: string;
    region: string;
    postcode: string;
    lat: number;
    lng: number;
  };
  /** The company's profiles elsewhere (social networks, directories), for search engines; may be empty. */
  sameAs: string[];
  /** The company's name at Companies House, for the trading disclosures on its documents. */
  registeredName: string;
  /** The part of the UK the company is registered in. */
  registeredIn: "England and Wales" | "Scotland" | "Northern Ireland";
  registeredOffice: string;
  companyNumber: string;
  vatNumber: string;
  founded: string;
  hours: { weekdays: string; saturday: string };
  navigation: NavItem[];
};

export const defaultSite: Site = {
  name: "Wrekin MRO Supply",
  url: "http://localhost:3000",
  phoneDisplay: "01632 960000",
  phoneTel: "+441632960000",
  email: "sales@wrekin-mro.example",
  tradeCounter: {
    label: "Trade Counter",
    streetAddress: "Unit 4, Stafford Park 10",
    locality: "Telford",
    region: "Shropshire",
    postcode: "TF3 3XX",
    lat: 52.6784,
    lng: -2.4455,
  },
  sameAs: [],
  registeredName: "Wrekin MRO Supply Ltd",
  registeredIn: "England and Wales",
  registeredOffice: "Unit 4, Stafford Park 10, Telford, Shropshire TF3 3XX",
  companyNumber: "12345678",
  vatNumber: "GB 123 4567 89",
  founded: "July 2021",
  hours: { weekdays: "Mon-Fri 8:30-17:00", saturday: "Sat 9:00-13:00" },
  navigation: navItems,
};

/** Copy names the trade counter's town as "{locality}", so the words follow the configured identity. */
export function withIdentity<T>(value: T, site: Site): T {
  if (typeof value === "string") return value.replaceAll("{locality}", site.tradeCounter.locality) as T;
  if (Array.isArray(value)) return value.map((item) => withIdentity(item, site)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withIdentity(item, site)])) as T;
  }
  return value;
}

export function openingHours(site: Site) {
  return `${site.hours.weekdays}, ${site.hours.saturday}`;
}

export function tradeCounterAddress(site: Site) {
  const { label, streetAddress, locality, region, postcode } = site.tradeCounter;
  return `${label}, ${streetAddress}, ${locality}, ${region} ${postcode}`;
}

/** What a UK company states on its business documents: registered name, where, number, office; and VAT number. */
export function tradingDisclosures(site: Site) {
  return [
    site.registeredName,
    `Registered in ${site.registeredIn}`,
    `Company number ${site.companyNumber}`,
    `Registered office: ${site.registeredOffice}`,
    `VAT number ${site.vatNumber}`,
  ].join(" · ");
}

export function telHref(site: Site) {
  return `tel:${site.phoneTel}`;
}

export function mailtoHref(site: Site, message?: { subject: string; body: string }) {
  if (!message) return `mailto:${site.email}`;
  const query = `subject=${encodeURIComponent(message.subject)}&body=${encodeURIComponent(message.body)}`;
  return `mailto:${site.email}?${query}`;
}

export function accountApplicationHref(site: Site) {
  return mailtoHref(site, {
    subject: "Account application",
    body: [
      "Hello,",
      "",
      `We would like to open a business account with ${site.name}.`,
      "Please send us your account application form and let us know what setup information you need from us.",
      "",
      "Company name:",
      "Company registration number:",
      "Delivery address:",
      "Contact name and phone:",
      "",
      "Thank you",
    ].join("\n"),
  });
}

export function mapLinks(site: Site) {
  const { lat, lng } = site.tradeCounter;
  const pad = 0.012;
  const bbox = [lng - pad * 1.6, lat - pad, lng + pad * 1.6, lat + pad].map((n) => n.toFixed(4)).join(",");
  return {
    embed: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lng}`,
    full: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`,
  };
}
