// Countries by ISO 3166-1 alpha-2 code (names from the runtime's Intl data), and India's states and union territories
// with their GST state codes: the first two digits of a GSTIN, and what decides CGST + SGST (same state) or IGST.

/** The countries offered in billing forms, most likely first; any valid ISO code is accepted by the schemas. */
export const COMMON_COUNTRIES = ["IN", "US", "GB", "DE", "FR", "NL", "IE", "AE", "SG", "AU", "CA"] as const;

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** "IN" → "India"; null when the code is not a country. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  try {
    const name = regionNames.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** Every ISO country code the runtime names, sorted by name (for the billing form's list). */
export function allCountries(): Array<{ code: string; name: string }> {
  const codes: Array<{ code: string; name: string }> = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = countryName(code);
      // Intl also names a few non-countries (EU, UN, XK...): the pseudo-codes AA, QM-QZ, XA-XZ, ZZ and the unions.
      if (name && !/^(AA|Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN)$/.test(code)) codes.push({ code, name });
    }
  }
  return codes.sort((x, y) => x.name.localeCompare(y.name));
}

/** India's states and union territories by GST state code. */
export const INDIAN_STATES: Record<string, string> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
};

export const INDIAN_STATE_NAMES = Object.values(INDIAN_STATES).sort();

/** The GST state code of a state's name ("Karnataka" → "29"); null for anything else. */
export function indianStateCode(name: string | null | undefined): string | null {
  const entry = Object.entries(INDIAN_STATES).find(([, state]) => state === name);
  return entry ? entry[0] : null;
}
