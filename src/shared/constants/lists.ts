// Fixed option lists from the specification (part 1 §5 and §9, part 2 §9).

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
