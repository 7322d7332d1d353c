import { Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";

const loadPanel = () => import("./mobile-nav-panel");
const MobileNavPanel = lazy(loadPanel);

/**
 * Small screens: the menu button. The panel's code (Radix dialog) is fetched when a finger or pointer
 * reaches the button, so pages do not carry it until someone needs the menu.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
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
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={loadPanel}
        onFocus={loadPanel}
        onClick={() => setOpen(true)}
        className="inline-flex size-11 items-center justify-center rounded-md text-navy hover:bg-mist"
      >
        <Menu aria-hidden="true" className="size-7" />
        <span className="sr-only">Open menu</span>
      </button>
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
