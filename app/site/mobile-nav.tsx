import { Menu, X } from "lucide-react";
import { type MouseEvent, useRef } from "react";
import { MenuContents, panelClass } from "#app/site/mobile-nav-menu.tsx";
import { searchListOpen } from "#app/site/search-box.tsx";

const menuId = "mobile-menu";

/**
 * Small screens: the menu button and its panel, one `<dialog>` for every moment of the page's life. Before
 * the page's script runs (or without it) the button opens it as an HTML popover; once the script runs, the
 * button opens it as a modal dialog (the page behind is inert, focus stays in the panel). Which one each tap
 * gets is decided by that tap alone, and nothing is added or removed when the script takes over, so a tap
 * while the page starts is never lost.
 */
export function MobileNav() {
  const menu = useRef<HTMLDialogElement>(null);
  const showingAsPopover = () => menu.current?.matches(":popover-open") ?? false;
  const close = () => {
    if (showingAsPopover()) menu.current?.hidePopover();
    else menu.current?.close();
  };
  const open = (event: MouseEvent) => {
    if (!menu.current || showingAsPopover()) return;
    // Without this the button's popovertarget would open it as a popover as well.
    event.preventDefault();
    if (!menu.current.open) menu.current.showModal();
  };
  const closeButton = (event: MouseEvent) => {
    if (showingAsPopover()) return;
    event.preventDefault();
    close();
  };
  // A tap on the dimmed page beside the panel closes it, as it does the popover.
  const tapBeside = (event: MouseEvent<HTMLDialogElement>) => {
    const panel = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= panel.left &&
      event.clientX <= panel.right &&
      event.clientY >= panel.top &&
      event.clientY <= panel.bottom;
    if (event.target === event.currentTarget && !inside) close();
  };
  return (
    <>
      <button
        type="button"
        popoverTarget={menuId}
        aria-haspopup="dialog"
        onClick={open}
        className="inline-flex size-11 items-center justify-center rounded-md text-navy hover:bg-mist"
      >
        <Menu aria-hidden="true" className="size-7" />
        <span className="sr-only">Open menu</span>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard's way out is Escape (the cancel event); this is the pointer's */}
      <dialog
        ref={menu}
        id={menuId}
        popover="auto"
        aria-labelledby={`${menuId}-title`}
        onCancel={(event) => searchListOpen() && event.preventDefault()}
        onClick={tapBeside}
        className={`inset-y-0 right-0 left-auto m-0 hidden h-full max-h-none border-0 backdrop:bg-navy/60 open:flex open:animate-slide-in-right ${panelClass}`}
      >
        <div className="flex items-center justify-between">
          <p id={`${menuId}-title`} className="text-xl font-bold text-navy">
            Menu
          </p>
          <button
            type="button"
            popoverTarget={menuId}
            popoverTargetAction="hide"
            onClick={closeButton}
            className="inline-flex size-11 items-center justify-center rounded-md text-navy hover:bg-mist"
          >
            <X aria-hidden="true" className="size-6" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <MenuContents onChoose={close} />
      </dialog>
    </>
  );
}
