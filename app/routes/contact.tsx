import { ContactSection } from "#app/components/contact-section.tsx";
import { contactPage, contactSection } from "#app/content/home-page.ts";
import { withIdentity } from "#app/content/site.ts";
import { getConfig } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/contact";

export function loader() {
  return withIdentity({ contactSection, meta: { ...contactPage, path: "/contact" } }, getConfig().site);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.meta);

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactSection content={loaderData.contactSection} asPage />;
}
