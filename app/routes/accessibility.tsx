import { EmailInText, PhoneInText } from "#app/components/contact-links.tsx";
import { PageIntro } from "#app/components/page-intro.tsx";
import { Static } from "#app/components/static.tsx";
import { accessibilityPage } from "#app/content/accessibility.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { useSite } from "#app/lib/root-data.ts";
import type { Route } from "./+types/accessibility";

export function loader() {
  return {
    page: accessibilityPage,
    meta: { title: accessibilityPage.title, description: accessibilityPage.metaDescription, path: "/accessibility" },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, loaderData?.meta);

export default function Accessibility({ loaderData: { page } }: Route.ComponentProps) {
  const site = useSite();
  return (
    <Static className="contents">
      <PageIntro title={page.title} intro={page.intro} />
      <div className="container-page max-w-3xl space-y-8 py-12 text-lg text-slate-800">
        {page.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-2xl font-bold text-navy">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <p>
          Phone <PhoneInText /> ({site.hours.weekdays}, {site.hours.saturday}) or e-mail <EmailInText />.
        </p>
      </div>
    </Static>
  );
}
