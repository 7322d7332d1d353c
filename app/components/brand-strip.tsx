import { Pause, Play } from "lucide-react";
import type { Brand } from "#app/content/schema.ts";
import { cn } from "#app/lib/cn.ts";

function BrandList({ brands, hidden }: { brands: Brand[]; hidden?: boolean }) {
  return (
    <ul
      aria-hidden={hidden ? "true" : undefined}
      className={cn(
        "flex shrink-0 items-center gap-4 pr-4",
        hidden ? "motion-reduce:hidden" : "motion-reduce:flex-wrap motion-reduce:justify-center",
      )}
    >
      {brands.map((brand) => (
        <li
          key={brand.name}
          className="flex h-16 min-w-36 items-center justify-center rounded-md border border-slate-200 bg-white px-5 text-lg font-bold tracking-wide whitespace-nowrap text-steel"
        >
          {brand.logo ? <img src={brand.logo} alt={brand.name} className="max-h-10 w-auto" /> : brand.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Brands We Supply": a continuously scrolling strip. The list is rendered twice for a seamless loop
 * (the copy is hidden from assistive technology); it pauses on hover, focus or the pause switch, and
 * stands still under reduced motion. The switch is a checkbox read by CSS, so it works before and without
 * the page's script.
 */
export function BrandStrip({ brands }: { brands: Brand[] }) {
  return (
    <section aria-labelledby="brands-heading" className="group/brands py-12">
      <div className="container-page flex items-center justify-between gap-4">
        <h2 id="brands-heading" className="text-2xl font-bold text-navy">
          Brands We Supply
        </h2>
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 font-semibold text-steel hover:bg-mist has-checked:bg-mist has-focus-visible:outline-3 has-focus-visible:outline-signal has-focus-visible:outline-offset-2 motion-reduce:hidden">
          <input type="checkbox" className="peer sr-only" />
          <Pause aria-hidden="true" className="size-4 peer-checked:hidden" />
          <Play aria-hidden="true" className="hidden size-4 peer-checked:block" />
          Pause<span className="sr-only"> brand scrolling</span>
        </label>
      </div>
      <div className="group mt-6 overflow-hidden motion-reduce:container-page" data-testid="brand-strip">
        <div className="flex w-max animate-marquee group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused] group-has-checked/brands:[animation-play-state:paused] motion-reduce:w-auto motion-reduce:animate-none">
          <BrandList brands={brands} />
          <BrandList brands={brands} hidden />
        </div>
      </div>
    </section>
  );
}
