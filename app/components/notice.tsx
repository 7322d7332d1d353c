import { X } from "lucide-react";
import { Portal, Toast } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

export type Notice = { id: number; variant: "default" | "destructive"; title: string; text: ReactNode };

/** Notices: one at a time, closing after 5000 ms, swipe right (50 px) to dismiss, F8 to focus. */
export function Notices({ notice, onClose }: { notice: Notice | undefined; onClose: () => void }) {
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {notice ? (
        <Toast.Root
          key={notice.id}
          type={notice.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) onClose();
          }}
          data-variant={notice.variant}
          className={cn(
            "grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-lg border p-4 pr-3 shadow-xl data-[state=closed]:animate-fade-out data-[state=open]:animate-slide-in-right data-[swipe=cancel]:translate-x-0 data-[swipe=end]:animate-swipe-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]",
            notice.variant === "destructive"
              ? "border-red-800 bg-red-700 text-white"
              : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <Toast.Title className="font-bold">{notice.title}</Toast.Title>
          <Toast.Close className="row-span-2 inline-flex size-8 items-center justify-center rounded hover:bg-black/10">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Dismiss notification</span>
          </Toast.Close>
          <Toast.Description>{notice.text}</Toast.Description>
        </Toast.Root>
      ) : null}
      {/* In <body>: a section that contains its layout (render-when-near, ADR 0013) would hold it in place. */}
      <Portal.Root>
        <Toast.Viewport className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
      </Portal.Root>
    </Toast.Provider>
  );
}
