import type { Claim, Industry, Slide } from "#app/content/schema.ts";

/**
 * Home-page copy: the hero and its claims, what we offer, about us, the industries we serve, quote and contact.
 * Identity and contact details (name, phone, e-mail, address) live in site configuration, not here.
 */

export type LinkCard = {
  title: string;
  text: string;
  to: "/products" | "/services";
  cta: string;
};

export type MarketingPoint = { title: string; text: string; icon: string };

export type MarketingSection = {
  title: string;
  intro: string;
  stockLines: string[];
  points: MarketingPoint[];
};

export const hero = {
  headline: "Source. Supply. Solutions.",
  subline: "Your trusted partner for Industrial MRO Components and Supplies.",
} as const;

/** The eight hero feature tiles, one per headline claim, in the original site's order. */
export const claims: Claim[] = [
  {
    title: "Same-Day Emergency Delivery",
    text: "Emergency parts delivered the same day to get a stopped line running again.",
    icon: "Zap",
  },
  {
    title: "£5.5M Inventory Support",
    text: "Local stock on our shelves, backed by £5.5M of inventory support.",
    icon: "Warehouse",
  },
  {
    title: "Authorised Distributor",
    text: "Authorised distributor for AMC, Exol, Presto and others.",
    icon: "BadgeCheck",
  },
  {
    title: "Next-Day Delivery",
    text: "Thousands of products available for next-day delivery.",
    icon: "PackageCheck",
  },
  {
    title: "Expert Support",
    text: "Help to identify a part and find the right replacement.",
    icon: "Headset",
  },
  {
    title: "Fast Quotes",
    text: "Send us your requirements and we reply with a quote within 24 hours.",
    icon: "Timer",
  },
  {
    title: "Genuine Branded Products",
    text: "Genuine parts from the manufacturers you specify.",
    icon: "ShieldCheck",
  },
  {
    title: "UK-Wide Direct Delivery",
    text: "Direct delivery to your site, anywhere in the UK.",
    icon: "Truck",
  },
];

export const partners = {
  title: "Authorised Distributor & Partnered With",
  intro:
    "We are an authorised distributor for AMC, Exol, Presto and others, and we supply established manufacturers' ranges across five core areas.",
  categories: ["Bearings", "Power Transmissions", "Seals", "PPE", "Lubricants"],
  // Only the names the company is authorised for; stocked brands are listed on each category page.
  brands: ["AMC", "Exol", "Presto"],
} as const;

export const cards: [LinkCard, LinkCard] = [
  {
    title: "Our Product Range",
    text: "Eight key categories, from bearings, seals and power transmission to fluid power, industrial electrical and PPE.",
    to: "/products",
    cta: "View Products",
  },
  {
    title: "Services & Added Value",
    text: "Value-added services to reduce downtime: engineering, rewinds and repairs, kitting and stock management.",
    to: "/services",
    cta: "View Services",
  },
];

export const marketing: MarketingSection = {
  title: "Why Buyers Choose Us",
  intro: "Extensive local stock and global sourcing, covering the parts that keep plant and machinery running.",
  stockLines: [
    "Bearings and self-lube bearings",
    "Seals and O-rings",
    "Drive belts and chain, including lawn and garden belts",
    "Pneumatics and hydraulics",
    "Valves and pipe fittings",
    "Fasteners and general consumables",
    "Electrical consumables",
  ],
  points: [
    {
      title: "75,000 Products",
      text: "Over 75,000 products worth over £50m available for same-day despatch.",
      icon: "Boxes",
    },
    {
      title: "Order Before 10pm",
      text: "Order before 10pm for next-day delivery.",
      icon: "Clock",
    },
    {
      title: "24/7 Emergency Service",
      text: "An out-of-hours emergency service, 24/7, for breakdowns that cannot wait.",
      icon: "Wrench",
    },
    {
      title: "Delivered Anywhere in the UK",
      text: "Direct delivery anywhere in the UK, to site or to your stores.",
      icon: "MapPinned",
    },
    {
      title: "Local Stock, Global Sourcing",
      text: "Extensive local stock, with global sourcing for the parts we do not hold.",
      icon: "Package",
    },
  ],
};

export const about: { title: string; paragraphs: string[] } = {
  title: "About Us",
  paragraphs: [
    "We are an independent distributor and stockist of industrial maintenance, repair and operations (MRO) supplies, founded in July 2021.",
    "From our trade counter in {locality} we serve industry across the UK with bearings, seals, power transmission, fluid power, electrical and PPE. Call in, phone or send us your requirements.",
    "Being independent, we are not tied to one manufacturer: we source the right genuine part for the job, hold stock locally and deliver direct to site.",
  ],
};

export const slides: Slide[] = [
  {
    src: "/art/slides/trade-counter.svg",
    alt: "Illustration of our {locality} trade counter with shelves of boxed parts",
    caption: "Trade counter in {locality} — call in for parts",
  },
  {
    src: "/art/slides/warehouse.svg",
    alt: "Illustration of warehouse racking stocked with bearings, belts and boxed parts",
    caption: "Extensive local stock and global sourcing",
  },
  {
    src: "/art/slides/engineer.svg",
    alt: "Illustration of a maintenance engineer fitting a bearing to a machine shaft",
    caption: "Expert support from people who know the parts",
  },
  {
    src: "/art/slides/delivery.svg",
    alt: "Illustration of a delivery van loaded with parcels of parts",
    caption: "Direct delivery anywhere in the UK",
  },
];

export const industriesSection: { title: string; intro: string } = {
  title: "Industries We Serve",
  intro: "We supply maintenance, repair and operations parts to sites across these sectors.",
};

export const industries: Industry[] = [
  { icon: "/art/industries/aggregates.svg", title: "Aggregates" },
  { icon: "/art/industries/agriculture.svg", title: "Agriculture" },
  { icon: "/art/industries/automotive.svg", title: "Automotive" },
  { icon: "/art/industries/facilities.svg", title: "Facilities" },
  { icon: "/art/industries/food-beverage.svg", title: "Food & Beverage" },
  { icon: "/art/industries/forestry.svg", title: "Forestry" },
  { icon: "/art/industries/manufacturing.svg", title: "Manufacturing" },
  { icon: "/art/industries/metals.svg", title: "Metals" },
  { icon: "/art/industries/paper-packaging.svg", title: "Paper & Packaging" },
  { icon: "/art/industries/plastics.svg", title: "Plastics" },
  { icon: "/art/industries/recycling.svg", title: "Recycling" },
  { icon: "/art/industries/transportation.svg", title: "Transportation" },
  { icon: "/art/industries/warehousing.svg", title: "Warehousing" },
];

export const quoteSection: { title: string; intro: string } = {
  title: "Request a Quote",
  intro:
    "Tell us what you need, with part numbers or sizes where you have them, and how urgently. We'll reply within 24 hours.",
};

export const contactSection = {
  title: "Contact Us",
  intro: "Phone, e-mail or call in at our trade counter in {locality}.",
  emailNote: "24hr response guarantee",
  mapTitle: "Find Us",
} as const;

export const contactPage = {
  title: "Contact Us",
  description:
    "Phone, e-mail or visit our trade counter in {locality} for bearings, seals, transmission and fluid power parts. We reply to every enquiry within 24 hours.",
};

export const homeMeta: { title: string; description: string } = {
  title: "Industrial MRO Supplies in {locality}",
  description:
    "Independent UK stockist of bearings, seals, power transmission, fluid power, electrical and PPE. Trade counter in {locality}, direct delivery across the UK.",
};
