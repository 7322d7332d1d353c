import { categorySlugs } from "./content/schema.ts";

/** Every public page, in sitemap order. app/routes.ts builds the router from this list, so the two cannot drift. */
export const pages: { path: string; file: string; id?: string }[] = [
  { path: "/", file: "routes/home.tsx" },
  { path: "/products", file: "routes/products.tsx" },
  ...categorySlugs.map((slug) => ({
    path: `/products/${slug}`,
    file: "routes/category.tsx",
    id: `routes/category/${slug}`,
  })),
  { path: "/services", file: "routes/services.tsx" },
  { path: "/contact", file: "routes/contact.tsx" },
  { path: "/accessibility", file: "routes/accessibility.tsx" },
];
