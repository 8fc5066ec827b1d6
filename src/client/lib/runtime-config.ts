// Run-time values in the browser: the server fills the tokens of src/shared/runtime-tokens.ts into the HTML it sends,
// and the page reads the same values back from <meta>, so a pre-rendered page hydrates without a mismatch.
import { DEFAULT_BOOKING_URL } from "../../shared/constants/marketing";
import { RUNTIME_TOKENS } from "../../shared/runtime-tokens";

const BOOKING_URL_META = "bp:booking-url";

/** The public booking page for 'Book Discovery Call'. */
export function bookingUrl(): string {
  if (typeof document === "undefined") return RUNTIME_TOKENS.bookingUrl;
  const fromServer = document.querySelector(`meta[name="${BOOKING_URL_META}"]`)?.getAttribute("content");
  return fromServer && fromServer !== RUNTIME_TOKENS.bookingUrl ? fromServer : DEFAULT_BOOKING_URL;
}
