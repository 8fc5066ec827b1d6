// The country, state and tax ID controls of the billing forms (the console's legal details, the customer's billing
// entity): the likeliest countries first, India's states as a list (they decide the tax lines), the tax ID named as
// the country names it (taxIdLabel: GSTIN, VAT number, EIN...). Each goes inside a Field: `{(control) => <CountrySelect ... />}`.
import { allCountries, COMMON_COUNTRIES, countryName, INDIAN_STATE_NAMES } from "../../../shared/constants/countries";
import type { FieldControlProps } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";

/** Radix Select takes no empty value: an optional country's "not set" choice is this one. */
const NOT_SET = "-";

let countryOptionsCache: Array<{ value: string; label: string }> | null = null;

/**
 * COMMON_COUNTRIES first, then every other country by name, each name once (the runtime also names a few withdrawn
 * codes, such as DY for Benin: the current code, first by code order, is the one offered).
 */
export function countryOptions(): Array<{ value: string; label: string }> {
  if (!countryOptionsCache) {
    const named = new Set<string>();
    const options: Array<{ value: string; label: string }> = [];
    const add = (code: string, name: string) => {
      if (named.has(name)) return;
      named.add(name);
      options.push({ value: code, label: name });
    };
    for (const code of COMMON_COUNTRIES) add(code, countryName(code) ?? code);
    for (const country of allCountries()) add(country.code, country.name);
    countryOptionsCache = options;
  }
  return countryOptionsCache;
}

const STATE_OPTIONS = INDIAN_STATE_NAMES.map((name) => ({ value: name, label: name }));

export function CountrySelect(
  props: FieldControlProps & { value: string; onChange: (code: string) => void; optional?: boolean },
) {
  const { value, onChange, optional, ...control } = props;
  const options = optional ? [{ value: NOT_SET, label: "Not set" }, ...countryOptions()] : countryOptions();
  return (
    <Select
      {...control}
      value={value || (optional ? NOT_SET : "")}
      onValueChange={(code) => onChange(code === NOT_SET ? "" : code)}
      options={options}
      placeholder="Select a country"
    />
  );
}

/** India: the list of states and union territories; elsewhere an optional text (state, province, county). */
export function RegionInput(props: FieldControlProps & { country: string; value: string; onChange: (region: string) => void }) {
  const { country, value, onChange, ...control } = props;
  if (country === "IN") {
    return <Select {...control} value={value} onValueChange={onChange} options={STATE_OPTIONS} placeholder="Select a state" />;
  }
  return <Input autoComplete="address-level1" {...control} value={value} onChange={(event) => onChange(event.target.value)} />;
}

/** The region field's label: India needs its state; elsewhere it is optional. */
export function regionLabel(country: string): string {
  return country === "IN" ? "State" : "State or region (optional)";
}
