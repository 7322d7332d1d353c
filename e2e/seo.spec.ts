import { expect, test } from "@playwright/test";
import { routes, site, siteUrl } from "#e2e/support.ts";

test.describe.configure({ mode: "serial" });

async function head(request: import("@playwright/test").APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const attr = (pattern: RegExp) => html.match(pattern)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].flatMap((m) => {
    const parsed = JSON.parse(m[1] as string);
    return Array.isArray(parsed) ? parsed : [parsed];
  });
  return {
    html,
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    twitterCard: attr(/<meta name="twitter:card" content="([^"]*)"/),
    twitterImageAlt: attr(/<meta name="twitter:image:alt" content="([^"]*)"/),
    jsonLd,
  };
}

test("every page has a unique title search results show whole, a description, an absolute canonical link and a share image with its text", {
  tag: "@api",
}, async ({ request }) => {
  const titles = new Set<string>();
  for (const route of routes) {
    const page = await head(request, route.path);
    expect(page.title, route.path).toBeTruthy();
    expect(titles.has(page.title as string), `${route.path} title is unique`).toBe(false);
    titles.add(page.title as string);
    expect(page.title?.length, `${route.path} title fits a search result`).toBeLessThanOrEqual(60);
    expect(page.title, route.path).toContain(site.name);
    expect(page.description?.length, route.path).toBeGreaterThanOrEqual(50);
    expect(page.canonical).toBe(`${siteUrl}${route.path}`);
    expect(page.ogImage).toBe(`${siteUrl}/social.png`);
    expect(page.twitterCard).toBe("summary_large_image");
    expect(page.twitterImageAlt).toBe(`${site.name}: industrial MRO supplies from ${site.tradeCounter.locality}`);
    expect(page.html).toContain('<html lang="en-GB">');
    expect(page.html).toContain('<meta name="theme-color"');
    expect(page.html).toContain('rel="manifest" href="/manifest.webmanifest"');
  }
});

test("the home title names the brand, what it sells and where", { tag: "@api" }, async ({ request }) => {
  const { title } = await head(request, "/");
  expect(title).toBe(`Industrial MRO Supplies in ${site.tradeCounter.locality} | ${site.name}`);
});

test("every page describes the company, the website and the trade counter, and claims no prices or ratings", {
  tag: "@api",
}, async ({ request }) => {
  for (const route of routes) {
    const { jsonLd } = await head(request, route.path);
    expect(jsonLd.find((node) => node["@type"] === "Organization")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${siteUrl}/#organization`,
      name: site.name,
      url: `${siteUrl}/`,
      logo: `${siteUrl}/icon-512.png`,
      email: site.email,
      telephone: site.phoneTel,
    });
    expect(jsonLd.find((node) => node["@type"] === "WebSite")).toMatchObject({
      "@id": `${siteUrl}/#website`,
      name: site.name,
      url: `${siteUrl}/`,
      publisher: { "@id": `${siteUrl}/#organization` },
    });
    const business = jsonLd.find((node) => node["@type"] === "LocalBusiness");
    expect(business, route.path).toMatchObject({
      "@context": "https://schema.org",
      name: site.name,
      telephone: site.phoneTel,
      email: site.email,
      url: `${siteUrl}/`,
      logo: `${siteUrl}/icon-512.png`,
      foundingDate: "2021-07",
      areaServed: { "@type": "Country", name: "GB" },
      address: {
        "@type": "PostalAddress",
        streetAddress: site.tradeCounter.streetAddress,
        addressLocality: site.tradeCounter.locality,
        addressRegion: site.tradeCounter.region,
        postalCode: site.tradeCounter.postcode,
        addressCountry: "GB",
      },
      geo: { "@type": "GeoCoordinates", latitude: site.tradeCounter.lat, longitude: site.tradeCounter.lng },
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "08:30",
          closes: "17:00",
        },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "13:00" },
      ],
    });
    expect(JSON.stringify(jsonLd)).not.toMatch(/"(offers|price|priceRange|aggregateRating|review)"/);
  }
});

test("catalogue pages carry breadcrumbs and lists whose entries link to what they name", { tag: "@api" }, async ({
  request,
}) => {
  const products = (await head(request, "/products")).jsonLd;
  expect(products.find((node) => node["@type"] === "BreadcrumbList")).toMatchObject({
    itemListElement: [
      { position: 1, name: "Home", item: `${siteUrl}/` },
      { position: 2, name: "Our Product Range", item: `${siteUrl}/products` },
    ],
  });
  const categoryList = products.find((node) => node["@type"] === "ItemList");
  expect(categoryList.itemListElement).toHaveLength(8);
  expect(categoryList.itemListElement[0]).toMatchObject({
    position: 1,
    name: "Bearings",
    url: `${siteUrl}/products/bearings`,
  });
  const servicesPage = (await head(request, "/services")).jsonLd;
  expect(servicesPage.find((node) => node["@type"] === "BreadcrumbList")).toMatchObject({
    itemListElement: [
      { position: 1, name: "Home", item: `${siteUrl}/` },
      { position: 2, name: "Services & Added Value", item: `${siteUrl}/services` },
    ],
  });

  const { jsonLd, html } = await head(request, "/products/bearings");
  expect(jsonLd.find((node) => node["@type"] === "BreadcrumbList")).toMatchObject({
    itemListElement: [
      { position: 1, name: "Home", item: `${siteUrl}/` },
      { position: 2, name: "Products", item: `${siteUrl}/products` },
      { position: 3, name: "Bearings", item: `${siteUrl}/products/bearings` },
    ],
  });
  const groups = jsonLd.find((node) => node["@type"] === "ItemList");
  expect(groups.itemListElement.map((item: { name: string }) => item.name)).toContain("Ball Bearings");
  for (const item of groups.itemListElement as { url: string }[]) {
    const anchor = item.url.split("#")[1];
    expect(item.url).toMatch(new RegExp(`^${siteUrl}/products/bearings#[a-z0-9-]+$`));
    expect(html, `the page holds #${anchor}`).toContain(`id="${anchor}"`);
  }
  const services = (await head(request, "/services")).jsonLd.filter((node) => node["@type"] === "Service");
  expect(services.map((s) => s.name)).toEqual([
    "Engineering Services",
    "Rewinds & Repairs",
    "Kitting Services",
    "Stock Management",
  ]);
  for (const service of services) expect(service.provider["@id"]).toBe(`${siteUrl}/#business`);
});

test("the sitemap lists exactly the pages; robots.txt allows all and names it", { tag: "@api" }, async ({
  request,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const urls = [...(await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  expect(urls.sort()).toEqual(routes.map((r) => `${siteUrl}${r.path}`).sort());
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("User-agent: *\nAllow: /");
  expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ name: site.name, start_url: "/" });
});
