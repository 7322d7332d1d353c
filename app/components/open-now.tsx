import { startTransition, useEffect, useState } from "react";
import { describeOpenState, openState } from "#app/lib/opening-hours.ts";
import { useRootData } from "#app/lib/root-data.ts";

/**
 * "Open now · closes 17:00", "Closes in 25 min" or "Closed · opens Mon 8:30", worked out in the browser.
 * Renders nothing on the server: prerendered HTML would otherwise carry the state at build time.
 */
export function OpenNow({ className }: { className?: string }) {
  const { openingCalendar } = useRootData();
  const [now, setNow] = useState<Date>();
  useEffect(() => {
    // Not urgent: rendered in slices, so the page's start and each tick never hold up a tap.
    const tick = () => startTransition(() => setNow(new Date()));
    tick();
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!now || !openingCalendar) return null;
  const state = openState(now, openingCalendar);
  return (
    <span className={className} data-testid="open-now" data-open={state.open}>
      {describeOpenState(state)}
    </span>
  );
}
