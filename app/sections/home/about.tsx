import { Slideshow } from "#app/components/slideshow.tsx";
import { Static } from "#app/components/static.tsx";
import type {
  about as aboutCopy,
  industriesSection as industriesCopy,
  industries as industryList,
  slides as slideList,
} from "#app/content/home-page.ts";
import { sectionTitle } from "#app/sections/home/section-title.ts";

/** Who we are, the slideshow of the counter and stores, and the industries we serve. */
export function About({
  about,
  slides,
  industriesSection,
  industries,
}: {
  about: typeof aboutCopy;
  slides: typeof slideList;
  industriesSection: typeof industriesCopy;
  industries: typeof industryList;
}) {
  return (
    <section id="about" aria-labelledby="about-heading" className="render-when-near bg-paper py-14">
      <div className="container-page grid grid-cols-1 gap-10 lg:grid-cols-2">
        <Static>
          <h2 id="about-heading" className={sectionTitle}>
            {about.title}
          </h2>
          <div className="mt-4 space-y-4 text-lg text-slate-700">
            {about.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </Static>
        <Slideshow slides={slides} />
      </div>
      <Static className="container-page mt-14">
        <h3 className="text-2xl font-bold text-navy">{industriesSection.title}</h3>
        <p className="mt-2 text-slate-700">{industriesSection.intro}</p>
        {/* As many columns as fit tiles wide enough for the longest sector name ("Transportation"). */}
        <ul
          className="mt-6 grid grid-cols-[repeat(auto-fill,minmax(min(100%,14rem),1fr))] gap-3"
          data-testid="industries"
        >
          {industries.map((industry) => (
            <li
              key={industry.title}
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
            >
              <img src={industry.icon} alt="" width={40} height={40} loading="lazy" className="size-10" />
              <span className="font-semibold text-navy">{industry.title}</span>
            </li>
          ))}
        </ul>
      </Static>
    </section>
  );
}
