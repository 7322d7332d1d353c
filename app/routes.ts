import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { categorySlugs } from "./content/schema";

export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  ...categorySlugs.map((slug) => route(`products/${slug}`, "routes/category.tsx", { id: `routes/category/${slug}` })),
  route("services", "routes/services.tsx"),
  route("contact", "routes/contact.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
