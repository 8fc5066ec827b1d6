// A bench's numeric setting from the environment (SOAK_MINUTES=1 npm run bench:soak), read the same way everywhere.

/** `name` from the environment as a number, else `fallback`; a value that is not a number ≥ 0 stops the run. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0, not "${raw}"`);
  return value;
}
