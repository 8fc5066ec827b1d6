// The calls to action every public page repeats: Start Your Project / Get Started, Book Discovery Call, Download Deck.

import type { VariantProps } from "class-variance-authority";
import clsx from "clsx";
import { CalendarClock, Download } from "lucide-react";
import type { ReactNode } from "react";
import { SALES_DECK_FILENAME, SALES_DECK_PATH } from "../../../../shared/constants/marketing";
import { buttonVariants } from "../../../components/ui/variants";
import { bookingUrl } from "../../../lib/runtime-config";

type LinkStyle = VariantProps<typeof buttonVariants> & { className?: string };

export function StartProjectLink({ children = "Start Your Project", ...style }: LinkStyle & { children?: ReactNode }) {
  return (
    <a href="/auth" className={clsx(buttonVariants({ size: style.size ?? "lg", variant: style.variant }), style.className)}>
      {children}
    </a>
  );
}

export function BookCallLink({ children = "Book Discovery Call", ...style }: LinkStyle & { children?: ReactNode }) {
  return (
    <a
      href={bookingUrl()}
      target="_blank"
      rel="noopener noreferrer"
      className={clsx(buttonVariants({ size: style.size ?? "lg", variant: style.variant ?? "outline" }), style.className)}
    >
      <CalendarClock aria-hidden="true" />
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function DownloadDeckLink({ children = "Download Deck", ...style }: LinkStyle & { children?: ReactNode }) {
  return (
    <a
      href={SALES_DECK_PATH}
      download={SALES_DECK_FILENAME}
      className={clsx(buttonVariants({ size: style.size ?? "lg", variant: style.variant ?? "ghost" }), style.className)}
    >
      <Download aria-hidden="true" />
      {children}
      <span className="sr-only"> (PDF)</span>
    </a>
  );
}
