import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { MenuContents, panelClass } from "#app/components/mobile-nav-menu.tsx";

const loadPanel = () => import("#app/components/mobile-nav-panel.tsx");
const MobileNavPanel = lazy(loadPanel);

const popoverId = "mobile-menu";

/**
 * Small screens: the menu button. Before the page's script runs (or without it) the button opens a plain
 * HTML popover with the same panel; once the script runs it opens the Radix dialog (focus trapped), whose
 * code is fetched when a finger or pointer reaches the button.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [upgraded, setUpgraded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // A popover someone is using when the script arrives stays until it is closed.
  useEffect(() => {
    const popover = document.getElementById(popoverId);
    if (!popover?.matches(":popover-open")) return setUpgraded(true);
    const upgrade = () => setUpgraded(true);
    popover.addEventListener("toggle", upgrade, { once: true });
    return () => popover.removeEventListener("toggle", upgrade);
  }, []);
  // Once the panel (and its focus trap) is gone, dismissing it hands focus back to the button.
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    trigger.current?.focus();
  }, [open]);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        popoverTarget={upgraded ? undefined : popoverId}
        aria-haspopup={upgraded ? "dialog" : undefined}
        aria-expanded={upgraded ? open : undefined}
        onPointerDown={loadPanel}
        onFocus={loadPanel}
        onClick={() => upgraded && setOpen(true)}
        className="inline-flex size-11 items-center justify-center rounded-md text-navy hover:bg-mist"
      >
        <Menu aria-hidden="true" className="size-7" />
        <span className="sr-only">Open menu</span>
      </button>
      {upgraded ? null : (
        <div
          id={popoverId}
          popover="auto"
          role="dialog"
          aria-labelledby={`${popoverId}-title`}
          className={`inset-y-0 right-0 left-auto m-0 hidden h-full max-h-none border-0 backdrop:bg-navy/60 open:flex open:animate-slide-in-right ${panelClass}`}
        >
          <div className="flex items-center justify-between">
            <p id={`${popoverId}-title`} className="text-xl font-bold text-navy">
              Menu
            </p>
            <button
              type="button"
              popoverTarget={popoverId}
              popoverTargetAction="hide"
              className="inline-flex size-11 items-center justify-center rounded-md text-navy hover:bg-mist"
            >
              <X aria-hidden="true" className="size-6" />
              <span className="sr-only">Close menu</span>
            </button>
          </div>
          <MenuContents onChoose={() => document.getElementById(popoverId)?.hidePopover()} />
        </div>
      )}
      {open ? (
        <Suspense>
          <MobileNavPanel
            onClose={(dismissed) => {
              returnFocus.current = dismissed;
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
