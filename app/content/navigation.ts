/** Navigation items: in-page sections of the home page, or routes. */
export type NavItem = { label: string; id: string; isRoute: boolean; route: string };

export const navItems: NavItem[] = [
  { label: "Home", id: "home", isRoute: false, route: "/#home" },
  { label: "About", id: "about", isRoute: false, route: "/#about" },
  { label: "Products", id: "products", isRoute: true, route: "/products" },
  { label: "Services", id: "services", isRoute: true, route: "/services" },
  { label: "Contact", id: "contact", isRoute: true, route: "/contact" },
];

/** Home-page section ids reachable by /#id. */
export const homeSections = { home: "home", about: "about", quote: "quote", contact: "contact" } as const;
