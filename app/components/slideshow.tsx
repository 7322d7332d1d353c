import { Pause, Play } from "lucide-react";
import { startTransition, useEffect, useRef, useState } from "react";
import type { Slide } from "#app/content/schema.ts";
import { cn } from "#app/lib/cn.ts";
import { prefersReducedMotion } from "#app/lib/scroll.ts";

/** A new slide every 4000 ms, each fading in over 700 ms once loaded; 28rem high. */
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
    startTransition(() => {
      // Images that finished before hydration never fire onLoad.
      images.current.forEach((image, index) => {
        if (image?.complete && image.naturalWidth > 0) markLoaded(index);
      });
      if (prefersReducedMotion()) setPlaying(false);
      setReady(true);
    });
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
          <SlideFigure
            key={slide.src}
            slide={slide}
            index={index}
            count={slides.length}
            current={index === current}
            loaded={loaded[index] ?? false}
            imageRef={(element) => {
              images.current[index] = element;
            }}
            onLoad={() => markLoaded(index)}
          />
        ))}
      </div>
      <SlideControls
        slides={slides}
        current={current}
        playing={playing}
        ready={ready}
        onPlaying={setPlaying}
        onChoose={setCurrent}
      />
    </section>
  );
}

/** One picture, faded in once loaded and only while it is the current one, with its caption. */
function SlideFigure({
  slide,
  index,
  count,
  current,
  loaded,
  imageRef,
  onLoad,
}: {
  slide: Slide;
  index: number;
  count: number;
  current: boolean;
  loaded: boolean;
  imageRef: (element: HTMLImageElement | null) => void;
  onLoad: () => void;
}) {
  return (
    <figure
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      aria-hidden={current ? undefined : "true"}
      className="absolute inset-0 m-0"
      data-testid="slide"
      data-current={current ? "true" : undefined}
    >
      <img
        ref={imageRef}
        src={slide.src}
        alt={slide.alt}
        width={1200}
        height={560}
        loading="lazy"
        onLoad={onLoad}
        className={cn(
          "h-full w-full object-contain transition-opacity duration-700 sm:object-cover",
          current && loaded ? "opacity-100" : "opacity-0",
          index === 0 && "noscript:opacity-100",
        )}
      />
      <figcaption
        className={cn(
          "absolute inset-x-0 bottom-0 bg-navy/85 px-5 py-3 font-semibold text-white",
          !current && "hidden",
        )}
      >
        {slide.caption}
      </figcaption>
    </figure>
  );
}

/** Pause or play, and a dot for each slide; shown once the script runs (their row is kept, so nothing shifts). */
function SlideControls({
  slides,
  current,
  playing,
  ready,
  onPlaying,
  onChoose,
}: {
  slides: Slide[];
  current: number;
  playing: boolean;
  ready: boolean;
  onPlaying: (playing: boolean) => void;
  onChoose: (index: number) => void;
}) {
  return (
    <div
      className={cn("mt-3 flex flex-wrap items-center justify-center gap-x-2 noscript:hidden", !ready && "invisible")}
      data-testid="slide-controls"
    >
      <button
        type="button"
        onClick={() => onPlaying(!playing)}
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
              onClick={() => onChoose(index)}
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
  );
}
