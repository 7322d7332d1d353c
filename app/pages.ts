import { categorySlugs } from "#app/content/schema.ts";

/**
 * Every public page, in sitemap order: app/routes.ts builds the router from this list, the sitemap lists it
 * and the build prerenders it, so the three cannot drift. A page shape with a parameter names its URLs.
 */
export const pages: { path: string; file: string; urls?: string[] }[] = [
  { path: "/", file: "routes/home.tsx" },
  { path: "/products", file: "routes/products.tsx" },
  {
    path: "/products/:slug",
    file: "routes/category.tsx",
    urls: categorySlugs.map((slug) => `/products/${slug}`),
  },
  { path: "/services", file: "routes/services.tsx" },
  { path: "/contact", file: "routes/contact.tsx" },
  { path: "/accessibility", file: "routes/accessibility.tsx" },
];

/** The URL of every public page. */
export const pageUrls = pages.flatMap((page) => page.urls ?? [page.path]);
