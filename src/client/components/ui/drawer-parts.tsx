// The drawer's Radix parts (Dialog: focus trap, scroll lock, closing on Escape or outside); drawer.tsx loads them.
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Read by screen readers only. */
  title: string;
  closeLabel: string;
  /** Added to the panel and its overlay (`lg:hidden` for a drawer of small screens only). */
  className?: string;
  children: ReactNode;
};

export function Drawer({ open, onOpenChange, title, closeLabel, className, children }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={cn("fixed inset-0 z-40 bg-slate-900/40", className)} />
        <Dialog.Content
          className={cn("fixed inset-y-0 left-0 z-50 w-72 bg-white shadow-xl", className)}
          aria-describedby={undefined}
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <Dialog.Close className="absolute top-4 right-4 rounded p-1 text-slate-600" aria-label={closeLabel}>
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
