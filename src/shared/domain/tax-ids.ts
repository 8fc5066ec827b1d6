// Tax registration numbers by country: India's GSTIN (15 characters, its first two digits the state's GST code, its
// last a check character), EU VAT numbers (the country's prefix, Greece's EL), the UK's VAT number, Australia's ABN,
// the US EIN; any other country: 4 to 20 letters, digits, spaces, dots or dashes.
import { indianStateCode } from "../constants/countries";

const EU_VAT: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  GR: /^EL\d{9}$/,
  ES: /^ES[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[0-9A-Z]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[0-9A-Z+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

const OTHER: Record<string, { pattern: RegExp; example: string }> = {
  GB: { pattern: /^GB(\d{9}|\d{12})$/, example: "GB123456789" },
  AU: { pattern: /^\d{11}$/, example: "51824753556 (ABN)" },
  US: { pattern: /^\d{2}-\d{7}$/, example: "12-3456789 (EIN)" },
};

const GSTIN = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The GSTIN's 15th character from the first 14 (GSTN's mod-36 check). */
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14[i] ?? "") * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(value / 36) + (value % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] ?? "";
}

/** A tax ID as stored: upper case, spaces, dots and dashes dropped (except the EIN's dash). */
export function normalizeTaxId(value: string, country: string): string {
  const upper = value.trim().toUpperCase();
  return country === "US" ? upper.replace(/[\s.]/g, "") : upper.replace(/[\s.-]/g, "");
}

export type TaxIdProblem = { message: string } | null;

/** Why the (normalised) tax ID does not fit its country, or null when it does; for India, also its state. */
export function taxIdProblem(taxId: string, country: string, region?: string | null): TaxIdProblem {
  if (country === "IN") {
    const match = GSTIN.exec(taxId);
    if (!match || gstinCheckCharacter(taxId.slice(0, 14)) !== taxId[14])
      return { message: "Enter a valid GSTIN: 15 characters, such as 29ABCDE1234F1ZW" };
    const stateCode = indianStateCode(region);
    if (stateCode && match[1] !== stateCode)
      return { message: `This GSTIN is registered in another state than ${region} (its first two digits are the state code)` };
    return null;
  }
  const eu = EU_VAT[country];
  if (eu) {
    const prefix = country === "GR" ? "EL" : country;
    return eu.test(taxId) ? null : { message: `Enter a valid VAT number for this country, starting with ${prefix}` };
  }
  const other = OTHER[country];
  if (other) return other.pattern.test(taxId) ? null : { message: `Enter a valid tax ID, such as ${other.example}` };
  return /^[0-9A-Z]{4,20}$/.test(taxId) ? null : { message: "Enter a valid tax ID: 4 to 20 letters and digits" };
}

/** The tax ID's usual name in a country ("GSTIN", "VAT number", "ABN", "EIN", "Tax ID"). */
export function taxIdLabel(country: string | null | undefined): string {
  if (country === "IN") return "GSTIN";
  if (country && (EU_VAT[country] || country === "GB")) return "VAT number";
  if (country === "AU") return "ABN";
  if (country === "US") return "EIN";
  return "Tax ID";
}
