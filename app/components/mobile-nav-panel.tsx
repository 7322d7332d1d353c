import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { MenuContents, panelClass } from "#app/components/mobile-nav-menu.tsx";
import { searchListOpen } from "#app/search/search-box.tsx";

/** The right-side slide-in panel (a Radix dialog: focus trapped, Escape closes); loaded on first use. */
export default function MobileNavPanel({ onClose }: { onClose: (returnFocus: boolean) => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose(true)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-navy/60 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => searchListOpen() && event.preventDefault()}
          data-testid="mobile-panel"
          className={`fixed inset-y-0 right-0 z-50 flex ${panelClass} data-[state=open]:animate-slide-in-right`}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-xl font-bold text-navy">Menu</Dialog.Title>
            <Dialog.Close className="inline-flex size-11 items-center justify-center rounded-md text-navy hover:bg-mist">
              <X aria-hidden="true" className="size-6" />
              <span className="sr-only">Close menu</span>
            </Dialog.Close>
          </div>
          <MenuContents onChoose={() => onClose(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
