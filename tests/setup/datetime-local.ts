// What a person types into a datetime-local field: the wall-clock time of an instant in their zone.

/** `date` as the "YYYY-MM-DDTHH:mm" a datetime-local input takes, read on the clock of `zone`. */
export function dateTimeLocalIn(date: Date, zone: string): string {
  // Swedish dates are ISO-ordered ("2026-11-26 04:30"): only the space differs from the input's format.
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(date)
    .replace(" ", "T");
}
