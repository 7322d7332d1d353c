import { useEffect } from "react";
import { useLocation } from "react-router";
import { scrollToSection } from "#app/lib/scroll.ts";

/** When the address has a hash, glide to that section about 100 ms after load or navigation. */
export function useHashScroll() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key re-runs the scroll when the same section is chosen again
  useEffect(() => {
    if (!hash) return;
    const timer = scrollToSection(decodeURIComponent(hash.slice(1)));
    return () => window.clearTimeout(timer);
  }, [hash, key]);
}
