import { ContactSection } from "../components/contact-section";
import { contactPage, contactSection } from "../content/home";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/contact";

export function loader() {
  return { contactSection, meta: { ...contactPage, path: "/contact" } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.meta);

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactSection content={loaderData.contactSection} asPage />;
}
