import { ContactSection } from "../components/contact-section";
import { contactSection } from "../content/home";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/contact";

export function loader() {
  return { contactSection };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact Us",
    description:
      "Phone, e-mail or visit our trade counter in Telford. Open Mon-Fri 8:30-17:00 and Sat 9:00-13:00, with a reply to every enquiry within 24 hours.",
    path: "/contact",
  });

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactSection content={loaderData.contactSection} asPage />;
}
