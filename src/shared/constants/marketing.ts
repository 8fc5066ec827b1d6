// The public claims and promises: every marketing page, the sales deck and the emails read them here.
import { HOSTED_ACCESS_YEARS, PACKAGES } from "./packages";

const planPricesUsd = Object.values(PACKAGES).map((info) => info.prices.USD);

export const COMPANY_NAME = "Blueprint";

export const MARKETING_FIGURES = {
  deliveryRange: "48-96 hours",
  fastestDelivery: "48 hours",
  briefPages: 2,
  iterationRounds: 3,
  fasterCodingPercent: 40,
  productionLaunchPercent: 95,
  foundedYear: 2022,
  responseHours: 24,
  /** "$10+ saved per $1". */
  savedPerDollar: 10,
  /**
   * The prototype's price range: the plans' prices, from the one price list (the spec's "$5,000-$8,000" would be a
   * second price; decision 0035).
   */
  prototypeInvestment: { min: Math.min(...planPricesUsd), max: Math.max(...planPricesUsd) },
  traditionalProject: 150000,
  /** "average savings $30,000+". */
  averageSavings: 30000,
  hostedAccessYears: HOSTED_ACCESS_YEARS,
} as const;

/** What every engagement includes. */
export const ENGAGEMENT_INCLUDES = [
  "NDA protection",
  "Daily progress updates in your portal and by email",
  "3 iteration rounds",
  "User testing with stakeholders",
  "Final approval",
  "Hand-over of the blueprint to your development team",
] as const;

export const DELIVERY_STEPS = [
  { title: "Share Your Vision", timing: "Day 0" },
  { title: "We Build Your Prototype", timing: "48-96 hours" },
  { title: "Test & Perfect", timing: "Your timeline" },
] as const;

/** How fast we answer. */
export const RESPONSE_PROMISES = [
  { topic: "New projects", within: "2 hours" },
  { topic: "General inquiries", within: "4 hours" },
  { topic: "Support", within: "2-4 hours" },
] as const;
export const CONTACT_REPLY_PROMISE = "within 24 hours";

export const MEETING_LENGTHS = { discoveryCallMinutes: 15, consultationMinutes: 30, bookedCallMinutes: 30 } as const;

/** The public booking page used when CALENDLY_BOOKING_URL is not set. */
export const DEFAULT_BOOKING_URL = "https://calendly.com/blueprint-prototypes/30min";

/** The address printed on the public pages and the deck (docs/decisions/0006-public-site.md). */
export const PUBLIC_CONTACT_EMAIL = "hello@blueprint-prototypes.com";

export const SALES_DECK_PATH = "/blueprint-sales-deck.pdf";
export const SALES_DECK_FILENAME = "blueprint-sales-deck.pdf";
