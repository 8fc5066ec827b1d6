// Fixed option lists from the specification.

export const COUNTRIES = [
  "United States",
  "Canada",
  "United Kingdom",
  "Australia",
  "Germany",
  "France",
  "India",
  "Japan",
  "Singapore",
  "Netherlands",
  "Sweden",
  "Norway",
  "Denmark",
  "Switzerland",
  "Other",
] as const;

export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-500", "501-1000", "1000+"] as const;

export const INDUSTRIES = [
  "technology",
  "healthcare",
  "finance",
  "education",
  "retail",
  "manufacturing",
  "consulting",
  "real-estate",
  "other",
] as const;

export const CONTACT_PROJECT_TYPES = [
  "Web Application",
  "Mobile App",
  "Dashboard/Analytics",
  "E-commerce Platform",
  "SaaS Platform",
  "API Development",
  "Enterprise System",
  "Other",
] as const;

export const CONTACT_BUDGETS = [
  "Under $5,000",
  "$5,000 - $15,000",
  "$15,000 - $50,000",
  "$50,000 - $100,000",
  "Over $100,000",
] as const;

export const CONTACT_TIMELINES = ["ASAP (Rush)", "1-2 weeks", "2-4 weeks", "1-2 months", "2-3 months", "Flexible"] as const;

/** The /profile setup form's variant of the company size list (each form keeps its own list). */
export const COMPANY_SIZES_SETUP = ["1-10", "11-50", "51-200", "201-1000"] as const;
/** Every size either form may save. */
export const ALL_COMPANY_SIZES = [...COMPANY_SIZES, "201-1000"] as const;

export const INDUSTRY_LABELS: Record<(typeof INDUSTRIES)[number], string> = {
  technology: "Technology",
  healthcare: "Healthcare",
  finance: "Finance",
  education: "Education",
  retail: "Retail",
  manufacturing: "Manufacturing",
  consulting: "Consulting",
  "real-estate": "Real Estate",
  other: "Other",
};

/** Budget and timeline choices on the company profile; the first new project copies them. */
export const PROFILE_BUDGET_RANGES = [
  { value: "under-5k", label: "Under $5,000" },
  { value: "5k-10k", label: "$5,000 - $10,000" },
  { value: "10k-25k", label: "$10,000 - $25,000" },
  { value: "25k-50k", label: "$25,000 - $50,000" },
  { value: "50k-plus", label: "Over $50,000" },
] as const;

export const PROFILE_TIMELINES = [
  { value: "asap", label: "As soon as possible" },
  { value: "2-4 weeks", label: "2-4 weeks" },
  { value: "4-6 weeks", label: "4-6 weeks" },
  { value: "6-8 weeks", label: "6-8 weeks" },
  { value: "flexible", label: "Flexible" },
] as const;

/** What a budget or timeline nobody chose reads as: never a default passed off as the customer's choice. */
export const NOT_SET = "Not set";

const labelIn = (options: ReadonlyArray<{ value: string; label: string }>, value: string | null | undefined) =>
  value ? (options.find((option) => option.value === value)?.label ?? value) : NOT_SET;

/** The label of a stored budget range ("5k-10k" → "$5,000 - $10,000"), or "Not set". */
export const budgetRangeLabel = (value: string | null | undefined) => labelIn(PROFILE_BUDGET_RANGES, value);
/** The label of a stored timeline ("asap" → "As soon as possible"), or "Not set". */
export const timelineLabel = (value: string | null | undefined) => labelIn(PROFILE_TIMELINES, value);
