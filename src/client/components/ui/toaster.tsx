import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "../../../shared/constants/ui";
import { cn } from "../../lib/cn";
import { dismissToast, useToasts } from "./use-toast";

export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border px-3 py-2 pr-10 shadow-lg sm:py-3 data-[state=open]:animate-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full",
            t.variant === "destructive" ? "border-red-200 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <div className="grid gap-0.5 sm:gap-1">
            {t.title && <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>}
            {t.description && <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>}
          </div>
          <Toast.Close aria-label="Close" className="absolute top-2 right-3 rounded p-1 sm:top-3 opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Over the top bar, whose middle holds no action: full width on a phone (over the menu and bell for a few
          seconds, and no taller than the bar: a title and a line fit its 64 px), centred and narrower from sm up, clear of the menu button and the bell; never over the page's
          own buttons (its header actions sit below and to the right, dialogs' buttons at their foot). The empty
          viewport lets clicks through. */}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex max-h-screen flex-col gap-2 p-1 sm:right-auto sm:p-2 sm:left-1/2 sm:w-[min(420px,calc(100vw-28rem))] sm:-translate-x-1/2 sm:px-0"
      />
    </Toast.Provider>
  );
}
