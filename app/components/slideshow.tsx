import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { Slide } from "#app/content/schema.ts";
import { cn } from "#app/lib/cn.ts";
import { prefersReducedMotion } from "#app/lib/scroll.ts";

/** Spec §2/§9: a new slide every 4000 ms, each fading in over 700 ms once loaded; 28rem high. */
export const SLIDE_INTERVAL_MS = 4000;

export function Slideshow({ slides }: { slides: Slide[] }) {
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [loaded, setLoaded] = useState<readonly boolean[]>(() => slides.map(() => false));
  // The controls need the script: they are shown once it runs (their row is kept, so nothing shifts).
  const [ready, setReady] = useState(false);
  const images = useRef<(HTMLImageElement | null)[]>([]);

  const markLoaded = (index: number) => setLoaded((previous) => previous.map((value, i) => value || i === index));

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once after hydration
  useEffect(() => {
    // Images that finished before hydration never fire onLoad.
    images.current.forEach((image, index) => {
      if (image?.complete && image.naturalWidth > 0) markLoaded(index);
    });
    if (prefersReducedMotion()) setPlaying(false);
    setReady(true);
  }, []);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => setCurrent((current + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [playing, current, slides.length]);

  const anyLoaded = loaded.some(Boolean);

  return (
    <section aria-roledescription="carousel" aria-label="Pictures of what we do" className="relative">
      {/* The frame's gradient is the artwork's own, so a picture shown whole on a narrow screen has no seams. */}
      <div
        className="relative h-[28rem] overflow-hidden rounded-lg bg-linear-to-b from-paper to-mist"
        aria-live={playing ? "off" : "polite"}
      >
        {anyLoaded ? null : (
          <div
            role="status"
            className="absolute inset-0 flex items-center justify-center noscript:hidden"
            data-testid="slide-spinner"
          >
            <span className="size-12 animate-spin rounded-full border-4 border-steel/30 border-t-steel" />
            <span className="sr-only">Loading pictures</span>
          </div>
        )}
        {slides.map((slide, index) => (
          <figure
            key={slide.src}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={index === current ? undefined : "true"}
            className="absolute inset-0 m-0"
            data-testid="slide"
            data-current={index === current ? "true" : undefined}
          >
            <img
              ref={(element) => {
                images.current[index] = element;
              }}
              src={slide.src}
              alt={slide.alt}
              width={1200}
              height={560}
              loading="lazy"
              onLoad={() => markLoaded(index)}
              className={cn(
                "h-full w-full object-contain transition-opacity duration-700 sm:object-cover",
                index === current && loaded[index] ? "opacity-100" : "opacity-0",
                index === 0 && "noscript:opacity-100",
              )}
            />
            <figcaption
              className={cn(
                "absolute inset-x-0 bottom-0 bg-navy/85 px-5 py-3 font-semibold text-white",
                index !== current && "hidden",
              )}
            >
              {slide.caption}
            </figcaption>
          </figure>
        ))}
      </div>
      <div
        className={cn("mt-3 flex flex-wrap items-center justify-center gap-x-2 noscript:hidden", !ready && "invisible")}
        data-testid="slide-controls"
      >
        <button
          type="button"
          onClick={() => setPlaying(!playing)}
          className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-semibold whitespace-nowrap text-steel hover:bg-mist"
        >
          {playing ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
          {playing ? "Pause slideshow" : "Play slideshow"}
        </button>
        <ul className="flex items-center">
          {slides.map((slide, index) => (
            <li key={slide.src}>
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-current={index === current ? "true" : undefined}
                className="group inline-flex size-10 items-center justify-center"
              >
                <span
                  className={cn(
                    "size-3.5 rounded-full border-2 border-steel",
                    index === current ? "bg-steel" : "bg-white group-hover:bg-mist",
                  )}
                />
                <span className="sr-only">Go to slide {index + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
