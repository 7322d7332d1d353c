import { ContactSection } from "../components/contact-section";
import { contactPage, contactSection } from "../content/home";
import { withIdentity } from "../content/site";
import { getConfig } from "../lib/env.server";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/contact";

export function loader() {
  return withIdentity({ contactSection, meta: { ...contactPage, path: "/contact" } }, getConfig().site);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.meta);

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactSection content={loaderData.contactSection} asPage />;
}
