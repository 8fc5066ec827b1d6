// Values the server knows only at run time (CALENDLY_BOOKING_URL, APP_URL). Pages pre-rendered at build time carry
// these tokens; the server replaces them in the HTML it sends, and the browser reads the same values back from <meta>.
import { DEFAULT_BOOKING_URL } from "../../shared/constants/marketing";

export const RUNTIME_TOKENS = {
  bookingUrl: "__BP_BOOKING_URL__",
  appUrl: "__BP_APP_URL__",
} as const;

export const BOOKING_URL_META = "bp:booking-url";

/** The public booking page for 'Book Discovery Call'. */
export function bookingUrl(): string {
  if (typeof document === "undefined") return RUNTIME_TOKENS.bookingUrl;
  const fromServer = document.querySelector(`meta[name="${BOOKING_URL_META}"]`)?.getAttribute("content");
  return fromServer && fromServer !== RUNTIME_TOKENS.bookingUrl ? fromServer : DEFAULT_BOOKING_URL;
}
